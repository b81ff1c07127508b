// An array of structs: field access at offsets.
#include <cuda_runtime.h>
struct Particle {
    int id;
    float x, v;
    int flags;
};
__global__ void step(Particle* p, float dt) {
    int i = threadIdx.x;
    Particle q = p[i];
    q.x = q.x + q.v * dt;
    if (q.x > 10.0f) q.flags |= 1;
    q.id += 1000;
    p[i] = q;
}
