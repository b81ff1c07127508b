# The firmware apps (included by platform/firmware/CMakeLists.txt).
fgtlm_firmware_app(hello SOURCES apps/hello.c)
