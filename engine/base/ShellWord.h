#pragma once

#include <string>
#include <string_view>

namespace spare {

// `text` in single quotes for a POSIX shell (a quote inside becomes '\'').
std::string shellQuoted(std::string_view text);

// `text` as one shell word: as is when it holds only characters a shell leaves alone
// (letters, digits, _ . / = , : % + @ -), else shellQuoted(text). The commands printed for reproducing
// a result use it so that plain paths stay readable.
std::string shellWord(std::string_view text);

}  // namespace spare
