// The message of the LoadError that F throws, or "no error": loader tests compare it.
#pragma once

#include <functional>
#include <string>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::test {

inline std::string what_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const fgtlm::loaders::LoadError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace fgtlm::test
