// FlexGripPlus nn (Rodinia nearest neighbour, tests/data/conformance/nn): the distance of every record's
// (lat, lng) from the query point, sqrt as the SFU's RSQ then RCP (nvcc's sqrtf for sm_10). Params as the
// bundle passes them: locations, a word the code never reads, distances, record count, lat, lng.
#include <cuda_runtime.h>
struct LatLong {
    float lat, lng;
};
__global__ void euclid(const LatLong* locations, int unused, float* distances, int num_records, float lat,
                       float lng) {
    int id = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x;
    if (id < num_records) {
        const LatLong* p = locations + id;
        float dlat = lat - p->lat, dlng = lng - p->lng;
        distances[id] = __fsqrt_approx(dlat * dlat + dlng * dlng);
    }
}
