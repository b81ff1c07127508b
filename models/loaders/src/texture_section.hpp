// launch.json "textures": the descriptor table a bundle binds (models/loaders/README.md).
#pragma once

#include <filesystem>

#include <nlohmann/json_fwd.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

// Reads L["textures"] (absent = no textures), encodes every descriptor (core/texture.hpp)
// into img.global_init at the table address and sets launch.texture_table/texture_slots.
// Call after global_init.bin is read: the table overwrites those bytes.
void read_textures(const nlohmann::json& L, const std::filesystem::path& lpath, KernelImage& img);

}  // namespace fgtlm::loaders
