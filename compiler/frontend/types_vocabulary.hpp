// Which vocabulary the types of a modifier list are (its items' `only` and `except`): one rule
// for the builder, which gives each item its mask by that vocabulary's terms, and for the
// resolver, whose rename of a term follows into the lists of the term's vocabulary alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace qrsc {

struct VocabularyTerms {
  std::string id;
  std::vector<std::string> terms;  // the terms' ids
};

// The first vocabulary of the rolls reading the list (`readers`: their columns' vocabularies,
// in the spec's order) that has every type `named`, else the first of the sheet's
// `vocabularies` that has them all; nothing when none has.
std::optional<std::string> types_vocabulary(const std::vector<std::string>& readers,
                                            const std::vector<VocabularyTerms>& vocabularies,
                                            const std::vector<std::string>& named);

}  // namespace qrsc
