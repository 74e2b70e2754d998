#include "engine/base/ShellWord.h"

#include <algorithm>
#include <cctype>

namespace spare {

std::string shellQuoted(std::string_view text)
{
    std::string quoted = "'";
    for (const char c : text)
        quoted += c == '\'' ? std::string_view("'\\''") : std::string_view(&c, 1);
    return quoted + "'";
}

std::string shellWord(std::string_view text)
{
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./=,:%+@-").find(c) != std::string_view::npos;
    });
    return plain ? std::string(text) : shellQuoted(text);
}

}  // namespace spare
