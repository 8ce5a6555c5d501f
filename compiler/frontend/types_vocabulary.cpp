#include "qrsc/frontend/types_vocabulary.hpp"

#include <algorithm>

namespace qrsc {

std::optional<std::string> types_vocabulary(const std::vector<std::string>& readers,
                                            const std::vector<VocabularyTerms>& vocabularies,
                                            const std::vector<std::string>& named) {
  const auto holds_all = [&](const VocabularyTerms& v) {
    return std::all_of(named.begin(), named.end(), [&](const std::string& id) {
      return std::find(v.terms.begin(), v.terms.end(), id) != v.terms.end();
    });
  };
  for (const std::string& reader : readers) {
    const auto v = std::find_if(vocabularies.begin(), vocabularies.end(),
                                [&](const VocabularyTerms& candidate) { return candidate.id == reader; });
    if (v != vocabularies.end() && holds_all(*v)) return v->id;
  }
  for (const VocabularyTerms& v : vocabularies) {
    if (holds_all(v)) return v.id;
  }
  return std::nullopt;
}

}  // namespace qrsc
