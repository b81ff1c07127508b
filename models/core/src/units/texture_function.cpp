// Texture unit: TEX (tex.1d/2d/3d). Beyond the RTL (FlexGripPlus has no texture unit), built
// from CUDA's documented semantics (Programming Guide, appendix "Texture Fetching"):
// - the descriptor of the instruction's texture slot is read from the table in global memory
//   (core/texture.hpp) and the texels through the global-memory path (MemoryPort: DMI
//   where granted, the controller's b_transport otherwise), never from a private copy;
// - per axis, x = coordinate (normalised: x * N); point filtering takes texel floor(x); linear
//   filtering takes xB = x - 0.5, i = floor(xB), a = frac(xB) rounded to 8 fractional bits
//   (9-bit fixed point, 1.0 exact) and weights 1 - a, a for texels i, i + 1;
// - every texel index goes through the axis' address mode: clamp to [0, N-1], wrap (i mod N),
//   mirror (period 2N, reflected), border (outside = 0 in every channel);
// - float results are the exactly weighted sum (computed in double) rounded once to float;
//   integer texels in element-type read mode come back as 32-bit integers (8/16-bit ones
//   sign- or zero-extended), f32 texels under point filtering bit for bit;
// - the enabled components (mask x, y, z, w) go to consecutive registers from R[dst]
//   (channels the format lacks read 0); TEX.I takes integer texel coordinates (tex1Dfetch).
#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/core/units/texture_function.hpp>
#include <fgtlm/core/texture.hpp>

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace fgtlm::core {

namespace {

using tex::AddressMode;
using tex::Descriptor;
using tex::Format;

// The texels one axis contributes: up to two indices (-1 = border, reads 0) and their weights
// in 1/256 units.
struct AxisTaps {
    std::int64_t idx[2] = {0, 0};
    std::uint32_t w[2] = {256, 0};
    std::uint32_t n = 1;
};

std::int64_t address_index(std::int64_t i, std::int64_t n, AddressMode m) {
    switch (m) {
        case AddressMode::Clamp: return i < 0 ? 0 : i >= n ? n - 1 : i;
        case AddressMode::Border: return (i < 0 || i >= n) ? -1 : i;
        case AddressMode::Wrap: return ((i % n) + n) % n;
        case AddressMode::Mirror: {
            const std::int64_t m2 = ((i % (2 * n)) + 2 * n) % (2 * n);
            return m2 < n ? m2 : 2 * n - 1 - m2;
        }
    }
    return 0;
}

// floor(x) as an integer; NaN reads as 0 and the range is limited so every index computation
// stays in 64 bits.
std::int64_t floor_index(float x) {
    if (std::isnan(x)) return 0;
    const float f = std::floor(x);
    if (f < -2147483648.0f) return -2147483648LL;
    if (f > 2147483647.0f) return 2147483647LL;
    return std::int64_t(f);
}

AxisTaps axis_taps(const Descriptor& d, std::uint32_t axis, std::uint32_t coord, bool int_coord) {
    AxisTaps t;
    const std::int64_t n = d.size(axis);
    const AddressMode mode = d.address[axis];
    if (int_coord) {  // integer texel index: point sampling, no scaling
        t.idx[0] = address_index(std::int32_t(coord), n, mode);
        return t;
    }
    float x = std::bit_cast<float>(coord);
    if (d.normalized) x *= float(n);
    if (!d.linear) {
        t.idx[0] = address_index(floor_index(x), n, mode);
        return t;
    }
    const float xb = x - 0.5f;
    const std::int64_t i = floor_index(xb);
    const double frac = std::isfinite(xb) ? double(xb) - std::floor(double(xb)) : 0.0;
    const std::uint32_t a = std::uint32_t(std::floor(frac * 256.0 + 0.5));  // 0..256
    t.idx[0] = address_index(i, n, mode);
    t.idx[1] = address_index(i + 1, n, mode);
    t.w[0] = 256 - a;
    t.w[1] = a;
    t.n = 2;
    return t;
}

// One channel of a texel as the float the filter combines (f32, or normalised-float read).
double channel_value(Format f, std::uint32_t raw) {
    switch (f) {
        case Format::U8: return double(raw & 0xffu) / 255.0;
        case Format::S8: return std::max(double(std::int8_t(raw)) / 127.0, -1.0);
        case Format::U16: return double(raw & 0xffffu) / 65535.0;
        case Format::S16: return std::max(double(std::int16_t(raw)) / 32767.0, -1.0);
        default: return double(std::bit_cast<float>(raw));
    }
}

std::uint32_t extend_element(Format f, std::uint32_t raw) {
    switch (f) {
        case Format::S8: return std::uint32_t(std::int32_t(std::int8_t(raw)));
        case Format::S16: return std::uint32_t(std::int32_t(std::int16_t(raw)));
        default: return raw;
    }
}

// Reads descriptors and texels through the global-memory port; a failed read names the address.
class TexelReader {
public:
    explicit TexelReader(MemoryPort& port) : port_(port) {}
    bool read(std::uint64_t addr, std::uint8_t* out, std::uint32_t len) {
        const DirectWindow& w = port_.dmi;
        if (w.readable && w.covers(addr, len)) {
            std::memcpy(out, w.data + (addr - w.start), len);
            return true;
        }
        return port_.read(addr, out, len) == MemStatus::Ok;
    }

private:
    MemoryPort& port_;
};

// Filters one lane's fetch into out[4] (result words of x, y, z, w).
class Sampler {
public:
    Sampler(const Descriptor& d, TexelReader& reader, bool int_coords)
        : d_(d),
          reader_(reader),
          int_coords_(int_coords),
          float_result_(d.format == Format::F32 || d.read_normalized) {}
    std::uint64_t failed_addr = 0;

    bool sample(const std::uint32_t coord[3], std::uint32_t out[4]) {
        AxisTaps t[3];
        for (std::uint32_t a = 0; a < d_.dims; ++a) t[a] = axis_taps(d_, a, coord[a], int_coords_);
        const bool raw = !float_result_ || (!d_.read_normalized && (!d_.linear || int_coords_));
        if (raw) return point_raw(t, out);
        double acc[4] = {0, 0, 0, 0};
        for (std::uint32_t k = 0; k < t[2].n; ++k)
            for (std::uint32_t j = 0; j < t[1].n; ++j)
                for (std::uint32_t i = 0; i < t[0].n; ++i) {
                    const std::uint32_t w = t[0].w[i] * t[1].w[j] * t[2].w[k];  // 1/2^24 units
                    if (w == 0) continue;
                    std::uint32_t texel[4];
                    if (!fetch(t[0].idx[i], t[1].idx[j], t[2].idx[k], texel)) return false;
                    for (std::uint32_t c = 0; c < d_.channels; ++c)
                        acc[c] += double(w) * channel_value(d_.format, texel[c]);
                }
        for (std::uint32_t c = 0; c < 4; ++c) out[c] = std::bit_cast<std::uint32_t>(float(acc[c] / 16777216.0));
        return true;
    }

private:
    bool point_raw(const AxisTaps t[3], std::uint32_t out[4]) {
        std::uint32_t texel[4];
        if (!fetch(t[0].idx[0], t[1].idx[0], t[2].idx[0], texel)) return false;
        for (std::uint32_t c = 0; c < 4; ++c) out[c] = c < d_.channels ? extend_element(d_.format, texel[c]) : 0u;
        return true;
    }

    // Texel (x, y, z) into channel words (zero-extended raw elements); a border index reads 0.
    bool fetch(std::int64_t x, std::int64_t y, std::int64_t z, std::uint32_t texel[4]) {
        texel[0] = texel[1] = texel[2] = texel[3] = 0;
        if (x < 0 || y < 0 || z < 0) return true;
        const std::uint32_t eb = d_.element_bytes();
        const std::uint64_t addr = d_.base + std::uint64_t(z) * d_.slice_bytes() + std::uint64_t(y) * d_.row_pitch() +
                                   std::uint64_t(x) * d_.texel_bytes();
        std::uint8_t bytes[16];
        if (!reader_.read(addr, bytes, d_.texel_bytes())) {
            failed_addr = addr;
            return false;
        }
        for (std::uint32_t c = 0; c < d_.channels; ++c) std::memcpy(&texel[c], bytes + c * eb, eb);
        return true;
    }

    const Descriptor& d_;
    TexelReader& reader_;
    bool int_coords_;
    bool float_result_;
};

std::string slot_text(const isa::Instruction& in) { return "TEX texture slot " + std::to_string(in.tex_unit) + ": "; }

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

// The descriptor of the instruction's slot, read from the launch's table and checked.
bool TextureFunction::load_descriptor(ExecContext& ctx, tex::Descriptor& d) {
    const isa::Instruction& in = *ctx.fetch.inst;
    if (in.tex_unit >= table_.slots)
        return unit_fail(ctx, KernelErrorKind::InvalidLaunch, table_.base,
                         slot_text(in) + "outside the descriptor table (" + std::to_string(table_.slots) +
                             " slots at " + hex(table_.base) + ")");
    const std::uint64_t at = std::uint64_t(table_.base) + tex::kDescriptorBytes * in.tex_unit;
    std::uint8_t bytes[tex::kDescriptorBytes];
    TexelReader reader(*ports_.global);
    if (!reader.read(at, bytes, 16) || !reader.read(at + 16, bytes + 16, 16))
        return unit_fail(ctx, KernelErrorKind::OutOfRangeAccess, at,
                         slot_text(in) + "descriptor outside global memory");
    d = tex::decode(bytes);
    std::string why = tex::validate(d);
    if (why.empty() && d.dims != in.tex_dim)
        why = "a " + std::to_string(d.dims) + "D texture fetched by TEX." + std::to_string(in.tex_dim) + "D";
    if (!why.empty()) return unit_fail(ctx, KernelErrorKind::InvalidLaunch, at, slot_text(in) + why);
    return true;
}

bool TextureFunction::execute(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t m = ctx.decode.exec_mask;
    ctx.execute.res_regs = std::uint32_t(std::popcount(unsigned(in.tex_mask & 15u)));
    ctx.execute.has_flags = false;
    if (m == 0) return true;
    tex::Descriptor d;
    if (!load_descriptor(ctx, d)) return false;
    MemoryPort& port = *ports_.global;
    const PortLatencyToRecord latency{&port, ctx.writeback.rec.mem.latency_cycles};
    TexelReader reader(port);
    Sampler sampler(d, reader, in.tex_int);
    for (std::uint32_t l = 0; l < kWarpSize; ++l) {
        if (!((m >> l) & 1u)) continue;
        const std::uint32_t coord[3] = {ctx.read.src[0][l], ctx.read.src[1][l], ctx.read.src[2][l]};
        std::uint32_t out[4];
        if (!sampler.sample(coord, out))
            return unit_fail(ctx, KernelErrorKind::OutOfRangeAccess, sampler.failed_addr,
                             slot_text(in) + "texel outside global memory (lane " + std::to_string(l) + ")");
        std::uint32_t k = 0;
        for (std::uint32_t c = 0; c < 4; ++c)
            if ((in.tex_mask >> c) & 1u) ctx.execute.res[k++][l] = out[c];
    }
    MemAccessSummary& ms = ctx.writeback.rec.mem;
    ms.space = MemSpace::Global;
    ms.access_bytes = std::uint8_t(d.texel_bytes());
    ms.bytes = d.texel_bytes() * (d.linear && !in.tex_int ? 1u << d.dims : 1u) * std::uint32_t(std::popcount(m));
    ms.transactions = std::uint16_t((ms.bytes + 63) / 64);
    return true;
}

// Read stage for TEX: the coordinates are R[dst], R[dst+1], R[dst+2] (tex_dim of them).
bool SmCore::read_texture_coordinates(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    for (std::uint32_t i = 0; i < 3; ++i) {
        const std::uint32_t r = in.dst.reg + i;
        ctx.read.src[i] =
            (i >= in.tex_dim || r >= 124 || ctx.decode.exec_mask == 0) ? zeros_ : reg_row(ctx.fetch.warp_slot, r);
    }
    return true;
}

}  // namespace fgtlm::core
