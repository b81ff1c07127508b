// Index of each pipeline stage in the per-stage arrays (cycles, stage_free, hold_reason), shared by
// the timing model's sources.
#pragma once

#include <fgtlm/timing/timing_model.hpp>

#include <cstddef>

namespace fgtlm::timing::stage_index {

inline constexpr std::size_t kFetch = std::size_t(PipeStage::Fetch);
inline constexpr std::size_t kDecode = std::size_t(PipeStage::Decode);
inline constexpr std::size_t kRead = std::size_t(PipeStage::Read);
inline constexpr std::size_t kExec = std::size_t(PipeStage::Execute);
inline constexpr std::size_t kWrite = std::size_t(PipeStage::Write);

}  // namespace fgtlm::timing::stage_index
