// Rows whose effect is to roll again (`again`: a Desperate Struggle, "lose cold steel,
// breakthrough and cavalry charge modifiers ... and roll again"): the table is rolled, and the
// modifiers that no longer count are items of the lists its dice add. Checked once the dice
// are (every list a roll names is then a list).
#include <fmt/format.h>

#include <algorithm>

#include "qrsc/frontend/builder.hpp"
#include "qrsc/model/roll_again.hpp"

namespace qrsc {

void Builder::roll_again() {
  for (const Table& t : spec_.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt) continue;
    for (const BandRow& row : bt->rows) {
      if (!row.again) continue;
      const std::string what = fmt::format("row '{}' of table '{}'", row.id, t.id);
      if (!bt->dice || bt->dice->success()) {
        diags_.error(row.again_loc, what +
                                        ": 'again' rolls the table again, but the table is not rolled by a die "
                                        "result (it needs key.dice with a roll)");
        continue;
      }
      // The items the roll's lists hold, and the list of each.
      std::vector<std::string> items, lists;
      for (const RollModifier& m : modifiers_of_roll(spec_, *bt)) {
        items.push_back(m.item->id);
        lists.push_back(*m.list);
      }
      for (std::size_t k = 0; k < row.again->size(); ++k) {
        const std::string& id = (*row.again)[k];
        const auto n = std::count(items.begin(), items.end(), id);
        if (n == 0) {
          diags_.error(row.again_loc, with_suggestion(fmt::format("{}: '{}' in 'again' is no modifier of the lists "
                                                                  "the table's dice add",
                                                                  what, id),
                                                      id, items));
        } else if (n > 1) {
          const auto first = std::find(items.begin(), items.end(), id) - items.begin();
          const auto second = std::find(items.begin() + first + 1, items.end(), id) - items.begin();
          diags_.error(
              row.again_loc,
              fmt::format("{}: '{}' in 'again' is an item of both '{}' and '{}'; give the items different ids", what,
                          id, lists[static_cast<std::size_t>(first)], lists[static_cast<std::size_t>(second)]));
        } else if (std::find(row.again->begin(), row.again->begin() + static_cast<std::ptrdiff_t>(k), id) !=
                   row.again->begin() + static_cast<std::ptrdiff_t>(k)) {
          diags_.error(row.again_loc, fmt::format("{}: '{}' is named twice in 'again'", what, id));
        }
      }
    }
  }
}

}  // namespace qrsc
