# The firmware apps (included by platform/firmware/CMakeLists.txt). Kernels: program.hex
# files copied from the conformance corpus (real nvcc SM_1.0 output, see kernels/README.md),
# SASS written for the platform, assembled at build time by `fgtlm asm`, and CUDA C compiled
# at build time by `fgtlm cc` into a C header (fgtlm_cuda_kernel_header, cmake/fgtlm_cuda.cmake).
fgtlm_kernel_source(kernel_vector_add ${FW_DIR}/kernels/vector_add_integer.hex K_VECTOR_ADD)
fgtlm_kernel_source(kernel_matmul ${FW_DIR}/kernels/matmul_naive_float.hex K_MATMUL)
fgtlm_assembled_kernel(kernel_reduction ${FW_DIR}/kernels/reduction.sass K_REDUCTION)
fgtlm_assembled_kernel(kernel_sort ${FW_DIR}/kernels/sort.sass K_SORT)
fgtlm_assembled_kernel(kernel_texture2d ${FW_DIR}/kernels/texture2d.sass K_TEXTURE2D)
fgtlm_cuda_kernel_header(H_HISTOGRAM ${FW_DIR}/kernels/histogram.cu PREFIX cu_)

fgtlm_firmware_app(hello SOURCES apps/hello.c)
fgtlm_firmware_app(vector_add SOURCES apps/vector_add.c KERNELS ${K_VECTOR_ADD})
fgtlm_firmware_app(reduction SOURCES apps/reduction.c KERNELS ${K_REDUCTION})
fgtlm_firmware_app(matmul SOURCES apps/matmul.c KERNELS ${K_MATMUL})
fgtlm_firmware_app(sort SOURCES apps/sort.c KERNELS ${K_SORT})
fgtlm_firmware_app(fault SOURCES apps/fault.c KERNELS ${K_VECTOR_ADD})
fgtlm_firmware_app(irq SOURCES apps/irq.c KERNELS ${K_VECTOR_ADD} ${K_SORT})
fgtlm_firmware_app(texture SOURCES apps/texture.c KERNELS ${K_TEXTURE2D})
fgtlm_firmware_app(histogram SOURCES apps/histogram.c HEADERS ${H_HISTOGRAM})
