// dice-assistant ROLL [MODIFIER...]: what a maneuver roll means for troops in good order, on
// our house sheet. ROLL is the d10 result; modifiers are the sheet's ids (gallant_leader, ...).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "rff/acw_house.hpp"

namespace sheet = qrs::rff::acw_house;
namespace mods = sheet::maneuver_modifiers;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: dice-assistant ROLL [MODIFIER...]\n");
    return 2;
  }
  char* end = nullptr;
  const long roll = std::strtol(argv[1], &end, 10);
  if (*end != '\0' || roll < 1 || roll > 10) {
    std::fprintf(stderr, "dice-assistant: ROLL must be a d10 result, 1 to 10\n");
    return 2;
  }
  std::array<bool, mods::kModifiers.size()> on{};
  for (int i = 2; i < argc; ++i) {
    std::size_t found = on.size();
    for (std::size_t m = 0; m < mods::kTexts.size(); ++m) {
      if (mods::kTexts[m].id == std::string_view(argv[i])) found = m;
    }
    if (found == on.size()) {
      std::fprintf(stderr, "dice-assistant: '%s' is not a maneuver modifier (the sheet's ids: gallant_leader, ...)\n",
                   argv[i]);
      return 2;
    }
    on[found] = true;
  }
  const int modifier = qrs::accumulate(mods::kModifiers, on);
  const int result = static_cast<int>(roll) + modifier;
  const auto& row = sheet::maneuver_good_order::row(sheet::maneuver_good_order::lookup(result));
  std::printf("%ld%+d = %d: %.*s. %.*s\n", roll, modifier, result, static_cast<int>(row.title.size()), row.title.data(),
              static_cast<int>(row.text.size()), row.text.data());
  return 0;
}
