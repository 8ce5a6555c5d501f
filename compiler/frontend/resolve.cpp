#include "resolve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "frontend.hpp"
#include "limits.hpp"
#include "notation.hpp"
#include "schema.hpp"
#include "spec_cache.hpp"
#include "words.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

// Lists of objects that merge by id when a variant patches its parent.
const std::set<std::string> kIdLists = {"tables", "rows",     "parts",    "columns", "terms",
                                        "sections", "vocabularies", "items", "groups",  "sources"};
// Keys whose scalars are sheet text (renames apply to them; a group's `note` is its comment in
// the header). A source's `note` is never renamed: rename_in skips sources.
const std::set<std::string> kTextKeys = {"title", "text", "name", "condition", "caption", "label", "subtitle", "note",
                                          "row_heading", "columns_title"};
// Keys that belong to the variant mechanism, not to the sheet.
const std::set<std::string> kVariantKeys = {"extends", "apply", "renames"};

// Applies the factor and the rounding rule to one distance.
Fraction scale_value(Fraction v, Fraction factor, const std::string& rounding) {
  const Fraction x = v * factor;
  if (rounding == "nearest") return Fraction((x + Fraction(1, 2)).floor());
  if (rounding == "nearest_half") return Fraction((x * Fraction(2) + Fraction(1, 2)).floor(), 2);
  if (rounding == "down") return Fraction(x.floor());
  return x;
}

class Resolver {
 public:
  Resolver(Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache)
      : diags_(&diags), search_(search), cache_(cache) {}

  NodePtr resolve(const fs::path& file, Resolution& out);
  // The parent as this spec sees it before its own changes: the parent with every rename
  // (of the applied specs and the spec's own) and the scale conversion, but no patches.
  NodePtr baseline(const fs::path& file, Resolution& out);

 private:
  NodePtr load(const fs::path& file);
  NodePtr resolve_uncached(const fs::path& file, const fs::path& canonical, Resolution& out);
  std::optional<fs::path> locate(const fs::path& from, const std::string& name, const Loc& loc) {
    return find_spec(search_, from, name, loc, *diags_);
  }
  void apply_content(NodePtr& tree, const NodePtr& own, const fs::path& file, Resolution& out);
  void apply_renames(NodePtr& tree, const NodePtr& own, Resolution& out);
  void rename_in(Node& n, const std::string& key, const Rename& r);
  void follow_rename(Node& tree, const Rename& r, const Loc& loc);
  void convert(Node& n, const std::string& key, bool rates);
  void convert_scalar(Node& n, bool rate_cell);
  void merge_map(Node& base, const Node& patch, const std::string& reason, Resolution& out);
  void merge_list(Node& base, const Node& patch, const std::string& key, const std::string& reason, Resolution& out);
  void replaced(const Node& old_value, const Node& new_value, const std::string& reason, Resolution& out);

  Diagnostics* diags_;  // where diagnostics go; a cached resolution's own while it is made
  const SpecSearchPath& search_;
  SpecCache& cache_;
  bool renames_only_ = false;
  std::vector<fs::path> stack_;
  Fraction factor_{1};
  std::string rounding_;
  Loc ref_loc_;              // the `extends` or `apply` entry being followed, for diagnostics
  std::size_t loaded_ = 0;   // spec files loaded, against limits::kMaxSpecFiles
};

NodePtr Resolver::load(const fs::path& file) {
  if (++loaded_ > limits::kMaxSpecFiles) {
    const Loc at = ref_loc_.file ? ref_loc_ : Loc{std::make_shared<const std::string>(file.string()), 0, 0};
    if (loaded_ == limits::kMaxSpecFiles + 1) {
      diags_->error(at, fmt::format("a spec resolves at most {} files (itself, its parents and applied specs)",
                                   limits::kMaxSpecFiles));
    }
    return nullptr;
  }
  const SpecCache::Parsed& parsed = cache_.parse(file);
  diags_->append(parsed.diags);
  return parsed.tree ? parsed.tree->clone() : nullptr;
}

NodePtr Resolver::resolve(const fs::path& file, Resolution& out) {
  const fs::path canonical = fs::weakly_canonical(file);
  if (std::find(stack_.begin(), stack_.end(), canonical) != stack_.end()) {
    std::string chain;
    for (const auto& p : stack_) chain += p.filename().string() + " -> ";
    // At the `extends` that closes the cycle (the file itself when there is none).
    const Loc at = ref_loc_.file ? ref_loc_ : Loc{std::make_shared<const std::string>(file.string()), 0, 0};
    diags_->error(at, "spec inheritance cycle: " + chain + canonical.filename().string());
    return nullptr;
  }
  // A spec resolved before in this run resolves the same way now: it resolved without a cycle,
  // so none of its files is on the stack.
  const std::string key = canonical.string();
  if (const SpecCache::Resolved* hit = cache_.resolved(key)) {
    diags_->append(hit->diags);
    loaded_ += hit->files;
    if (loaded_ > limits::kMaxSpecFiles) {
      diags_->error(ref_loc_.file ? ref_loc_ : hit->resolution.tree->loc,
                    fmt::format("a spec resolves at most {} files (itself, its parents and applied specs)",
                                limits::kMaxSpecFiles));
      return nullptr;
    }
    out = copy_of(hit->resolution);
    if (out.factor) {
      factor_ = *out.factor;
      rounding_ = out.rounding;
    }
    return out.tree;
  }
  SpecCache::Resolved made;
  Diagnostics* const outer = diags_;
  diags_ = &made.diags;
  const std::size_t loaded_before = loaded_;
  NodePtr tree = resolve_uncached(file, canonical, made.resolution);
  diags_ = outer;
  diags_->append(made.diags);
  if (!tree || made.diags.has_errors()) {
    out = std::move(made.resolution);
    return tree;
  }
  // Kept for the specs that extend it. A spec compiled for itself (nothing on the stack) is
  // not: keeping it would cost a copy of its whole tree, and if a later spec of the run
  // extends it, resolving it again from its parsed file costs about the same.
  if (stack_.empty()) {
    made.resolution.tree = tree;
    out = std::move(made.resolution);
    return out.tree;
  }
  made.resolution.tree = tree;
  out = copy_of(made.resolution);
  made.files = loaded_ - loaded_before;
  cache_.keep_resolved(key, std::move(made));
  return out.tree;
}

NodePtr Resolver::resolve_uncached(const fs::path& file, const fs::path& canonical, Resolution& out) {
  NodePtr own = load(file);
  if (!own) return nullptr;
  stack_.push_back(canonical);
  out.lineage.push_back(file.string());

  NodePtr tree = std::make_shared<Node>();
  tree->kind = Node::Kind::map;
  tree->loc = own->loc;
  bool ok = true;
  if (const NodePtr ext = own->get("extends")) {
    if (!ext->is_scalar()) {
      diags_->error(ext->loc, "'extends' names one parent spec (a path under rules/ without .yaml)");
      ok = false;
    } else if (const auto parent = locate(file, ext->scalar, ext->loc)) {
      Resolution sub;
      ref_loc_ = ext->loc;
      NodePtr p = resolve(*parent, sub);
      if (!p) {
        ok = false;
      } else {
        tree = p;
        out.lineage.insert(out.lineage.end(), sub.lineage.begin(), sub.lineage.end());
        out.renames = sub.renames;
        out.scaled = sub.scaled;
        if (sub.factor) {
          out.factor = sub.factor;
          out.rounding = sub.rounding;
        }
        // What a spec is called, whether it is abstract, and the errata that explain its
        // parent's own changes are never inherited.
        tree->erase("id");
        tree->erase("abstract");
        tree->erase("errata");
      }
    } else {
      ok = false;
    }
  }
  if (ok) apply_content(tree, own, file, out);
  stack_.pop_back();
  return ok ? tree : nullptr;
}

void Resolver::apply_content(NodePtr& tree, const NodePtr& own, const fs::path& file, Resolution& out) {
  // 1. Applied (abstract) specs: their own content, in order.
  if (const NodePtr apply = own->get("apply")) {
    std::vector<NodePtr> names = apply->is_seq() ? apply->items : std::vector<NodePtr>{apply};
    for (const auto& n : names) {
      if (!n->is_scalar()) {
        diags_->error(n->loc, "'apply' lists abstract specs by name");
        continue;
      }
      const auto path = locate(file, n->scalar, n->loc);
      if (!path) continue;
      ref_loc_ = n->loc;
      const fs::path canonical = fs::weakly_canonical(*path);
      if (std::find(stack_.begin(), stack_.end(), canonical) != stack_.end()) {
        diags_->error(n->loc, "spec inheritance cycle through applied spec '" + n->scalar + "'");
        continue;
      }
      NodePtr applied = load(*path);
      if (!applied) continue;
      if (applied->get("extends")) {
        diags_->error(n->loc, "applied spec '" + n->scalar + "' has 'extends'; only self-contained abstract specs can be applied");
        continue;
      }
      const NodePtr abstract = applied->get("abstract");
      if (!abstract || abstract->scalar != "true") {
        diags_->error(n->loc, "applied spec '" + n->scalar + "' must be 'abstract: true'");
      }
      stack_.push_back(canonical);
      out.lineage.push_back(path->string());
      apply_content(tree, applied, *path, out);
      stack_.pop_back();
    }
  }
  // 2. Renames, so that the spec's own patches can use the new names.
  apply_renames(tree, own, out);
  // 3. Scale conversion of everything inherited.
  if (const NodePtr scale = own->get("scale"); scale && scale->is_map()) {
    if (const NodePtr conv = scale->get("convert")) {
      Object c(conv, "scale conversion", *diags_, {"factor", "rounding"});
      const auto f = c.number("factor");
      rounding_ = c.str("rounding");
      if (rounding_.empty()) rounding_ = "none";
      static const std::set<std::string> kRoundings = {"none", "nearest", "nearest_half", "down"};
      if (!kRoundings.count(rounding_)) {
        diags_->error(c.loc_of("rounding"), "rounding must be none, nearest, nearest_half or down");
      }
      if (f && *f <= Fraction(0)) {
        diags_->error(c.loc_of("factor"), "the scale factor must be positive, not " + format_number(*f));
      } else if (!f) {
        if (c.ok() && !c.has("factor")) diags_->error(c.loc(), "scale conversion needs a positive 'factor' such as 1.5");
      } else {
        factor_ = *f;
        out.factor = *f;
        out.rounding = rounding_;
        convert(*tree, "", false);
      }
    }
  }
  // 4. The spec's own content, as a patch.
  if (renames_only_) return;
  Node patch = *own;
  for (const auto& k : kVariantKeys) patch.erase(k);
  merge_map(*tree, patch, "", out);
  if (!own->get("abstract")) tree->erase("abstract");
  if (own->get("abstract")) tree->set("abstract", own->get("abstract"));
}

namespace {
// The term `term` of vocabulary `vocabulary` in a resolved tree, or null.
NodePtr existing_term(const NodePtr& tree, const std::string& vocabulary, const std::string& term) {
  const NodePtr vocabs = tree->get("vocabularies");
  if (!vocabs || !vocabs->is_seq()) return nullptr;
  NodePtr found;
  for (const auto& v : vocabs->items) {
    const NodePtr id = v->is_map() ? v->get("id") : nullptr;
    if (!id || id->scalar != vocabulary) continue;
    if (const NodePtr terms = v->get("terms"); terms && terms->is_seq()) {
      for (const auto& t : terms->items) {
        if (const NodePtr tid = t->is_map() ? t->get("id") : nullptr; tid && tid->scalar == term) found = t;
      }
    }
  }
  return found;
}
}  // namespace

void Resolver::apply_renames(NodePtr& tree, const NodePtr& own, Resolution& out) {
  const NodePtr list = own->get("renames");
  if (!list) return;
  if (!list->is_seq()) {
    diags_->error(list->loc, "'renames' must be a list");
    return;
  }
  for (const auto& n : list->items) {
    Object o(n, "rename", *diags_, {"vocabulary", "term", "to", "name", "from", "ids", "source", "notes"});
    if (!o.ok()) continue;
    if (out.renames.size() >= limits::kMaxRenames) {
      diags_->error(o.loc(), fmt::format("more than {} renames along this spec's lineage", limits::kMaxRenames));
      break;
    }
    Rename r;
    r.loc = o.loc();
    r.vocabulary = o.str("vocabulary");
    r.term = o.str("term");
    r.to = o.str("to", true);
    r.name = o.str("name");
    r.from_text = o.str("from");
    r.ids = o.strings("ids");
    if (!r.vocabulary.empty()) {
      // A vocabulary term: find it to learn its old display name.
      const NodePtr term = existing_term(tree, r.vocabulary, r.term);
      if (!term) {
        diags_->error(r.loc, "rename: the parent has no term '" + r.term + "' in vocabulary '" + r.vocabulary + "'");
        continue;
      }
      if (const NodePtr clash = existing_term(tree, r.vocabulary, r.to); clash && r.to != r.term) {
        diags_->error(r.loc, "rename: vocabulary '" + r.vocabulary + "' already has a term '" + r.to + "'");
        diags_->note(clash->loc, "the parent's term '" + r.to + "' is here");
        continue;
      }
      const NodePtr old_name = term->get("name");
      r.from_text = old_name && old_name->is_scalar() ? old_name->scalar : r.term;
      if (r.name.empty()) r.name = r.to;
      r.to_text = r.name;
      auto set_scalar = [&](const char* key, const std::string& value) {
        auto s = std::make_shared<Node>();
        s->kind = Node::Kind::scalar;
        s->scalar = value;
        s->loc = r.loc;
        term->set(key, s);
      };
      if (!term->get("old_id")) set_scalar("old_id", r.term);
      if (!term->get("old_name")) set_scalar("old_name", r.from_text);
      set_scalar("id", r.to);
      set_scalar("name", r.name);
    } else {
      if (r.from_text.empty()) diags_->error(r.loc, "a rename needs 'from' (a term in text) or 'vocabulary' and 'term'");
      r.to_text = r.to;
    }
    rename_in(*tree, "", r);
    follow_rename(*tree, r, o.loc_of("ids"));
    out.renames.push_back(r);
  }
}

namespace {

// How a renamed word is written inside ids: "Extended Line" -> "extended_line".
std::string id_word(const std::string& text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '_';
  return out;
}

// The id with every whole `_`-separated occurrence of `from` replaced ("crack_unit" -> "elite_unit").
std::string replace_id_word(const std::string& id, const std::string& from, const std::string& to) {
  std::string padded = "_" + id + "_";
  const std::string f = "_" + from + "_", t = "_" + to + "_";
  for (std::size_t at = padded.find(f); at != std::string::npos; at = padded.find(f, at + t.size() - 1)) {
    padded.replace(at, f.size(), t);
  }
  return padded.substr(1, padded.size() - 2);
}

std::string id_of(const Node& n) {
  const NodePtr id = n.is_map() ? n.get("id") : nullptr;
  return id && id->is_scalar() ? id->scalar : std::string();
}

}  // namespace

// The ids a rename lists follow it: the row or item (and a modifier group of the same id, and
// the groups' member lists) takes the renamed id, and keeps the old one in `old_ids` so the
// header can offer it as a deprecated alias.
void Resolver::follow_rename(Node& tree, const Rename& r, const Loc& loc) {
  const std::string from = id_word(r.vocabulary.empty() ? r.from_text : r.term);
  const std::string to = id_word(r.vocabulary.empty() ? r.to_text : r.to);
  const NodePtr tables = tree.get("tables");
  for (const auto& path : r.ids) {
    const auto slash = path.find('/');
    const std::string table_id = path.substr(0, slash);
    const std::string id = slash == std::string::npos ? std::string() : path.substr(slash + 1);
    NodePtr table;
    for (const auto& t : tables && tables->is_seq() ? tables->items : std::vector<NodePtr>{}) {
      if (id_of(*t) == table_id) table = t;
    }
    const std::string new_id = replace_id_word(id, from, to);
    if (!table || id.empty()) {
      diags_->error(loc, "rename: '" + path + "' names no table/id of the sheet being renamed");
      continue;
    }
    if (new_id == id) {
      diags_->error(loc, "rename: id '" + id + "' does not contain the renamed word '" + from + "'");
      continue;
    }
    bool found = false;
    for (const char* list : {"rows", "items", "groups"}) {
      const NodePtr entries = table->get(list);
      if (!entries || !entries->is_seq()) continue;
      for (auto& e : entries->items) {
        if (const NodePtr members = e->get("members"); members && members->is_seq()) {
          for (auto& m : members->items) {
            if (m->is_scalar() && m->scalar == id) m->scalar = new_id;
          }
        }
        if (id_of(*e) != id) continue;
        found = true;
        const NodePtr idn = e->get("id");
        auto old = idn->clone();
        idn->scalar = new_id;
        if (std::string(list) == "groups") continue;  // groups are not C++ names: no alias
        NodePtr olds = e->get("old_ids");
        if (!olds || !olds->is_seq()) {
          olds = std::make_shared<Node>();
          olds->kind = Node::Kind::sequence;
          olds->loc = loc;
          e->set("old_ids", olds);
        }
        olds->items.push_back(old);
      }
    }
    if (!found) diags_->error(loc, "rename: table '" + table_id + "' has no row, item or group '" + id + "'");
  }
}

void Resolver::rename_in(Node& n, const std::string& key, const Rename& r) {
  if (key == "source" || key == "notes") return;
  if (n.is_scalar()) {
    if (contains_ignoring_case(n.scalar, r.from_text) && kTextKeys.count(key)) {
      n.scalar = replace_word(n.scalar, r.from_text, r.to_text);
    }
    return;
  }
  for (auto& item : n.items) rename_in(*item, key, r);
  for (auto& [k, v] : n.entries) {
    // Cells and bands are keyed by column id; a renamed term renames its column.
    if (!r.vocabulary.empty() && (key == "bands" || key == "cells") && k == r.term) k = r.to;
    rename_in(*v, k, r);
  }
}

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Replaces every number ("12", "1.5") in text by f(number); a number f leaves alone (nothing)
// keeps its text. A hand-written scan: std::regex recurses per character and overflows the
// stack on long text.
std::string map_numbers(const std::string& text, const std::function<std::optional<std::string>(const std::string&)>& f) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_digit(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t e = i;
    while (e < text.size() && is_digit(text[e])) ++e;
    if (e + 1 < text.size() && text[e] == '.' && is_digit(text[e + 1])) {
      ++e;
      while (e < text.size() && is_digit(text[e])) ++e;
    }
    const std::string number = text.substr(i, e - i);
    out += f(number).value_or(number);
    i = e;
  }
  return out;
}
// Replaces every distance "{Nin}" in text by f(N); f returning nothing keeps the text.
std::string map_distances(const std::string& text, const std::function<std::optional<std::string>(const std::string&)>& f) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find('{', i);
    if (open == std::string::npos) break;
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    out += text.substr(i, open - i);
    const std::string inner = text.substr(open + 1, close - open - 1);
    if (inner.size() < 2 || inner.compare(inner.size() - 2, 2, "in") != 0) {
      out += '{';  // not a distance: go on after the brace
      i = open + 1;
      continue;
    }
    const auto replaced = f(inner.substr(0, inner.size() - 2));
    out += replaced ? "{" + *replaced + "in}" : text.substr(open, close - open + 1);
    i = close + 1;
  }
  return out + text.substr(i);
}
}  // namespace

void Resolver::convert_scalar(Node& n, bool rate_cell) {
  const std::string before = n.scalar;
  const auto scaled = [&](const std::string& number) -> std::optional<std::string> {
    const auto v = parse_number(number);  // a number beyond the limits stays as written (and is reported later)
    if (!v) return std::nullopt;
    return format_number(scale_value(*v, factor_, rounding_));
  };
  try {
    if (const auto d = parse_distance(n.scalar)) {
      n.scalar = format_number(scale_value(*d, factor_, rounding_)) + "in";
    } else if (rate_cell) {
      // Every number in a rate cell is inches, except a multiplier such as x1.5.
      if (n.scalar.find('x') == std::string::npos && n.scalar.find("\xC3\x97") == std::string::npos) {
        n.scalar = map_numbers(n.scalar, scaled);
      }
    } else if (n.scalar.find('{') != std::string::npos) {
      n.scalar = map_distances(n.scalar, scaled);
    }
  } catch (const qrs::FractionOverflow&) {
    diags_->error(n.loc, "'" + before + "' times the scale factor " + format_number(factor_) +
                            " does not fit 64-bit arithmetic");
    n.scalar = before;
  }
  if (n.scalar != before && n.converted_from.empty()) n.converted_from = before;
}

void Resolver::convert(Node& n, const std::string& key, bool rates) {
  if (key == "source" || key == "notes") return;
  if (n.is_scalar()) {
    convert_scalar(n, false);
    return;
  }
  bool r = rates;
  if (const NodePtr cell = n.is_map() ? n.get("cell") : nullptr; cell && cell->is_scalar()) r = cell->scalar == "rate";
  for (auto& item : n.items) convert(*item, key, r);
  for (auto& [k, v] : n.entries) {
    if (k != "cells" || !r) {
      convert(*v, k, r);
      continue;
    }
    std::vector<NodePtr> cells = v->items;
    for (auto& [col, c] : v->entries) cells.push_back(c);
    for (auto& c : cells) {
      NodePtr value = c->is_map() ? c->get("value") : c;
      if (value && value->is_scalar()) convert_scalar(*value, true);
    }
  }
}

void Resolver::replaced(const Node& old_value, const Node& new_value, const std::string& reason, Resolution& out) {
  if (old_value.converted_from.empty()) return;
  // Named relative to the rules root: outputs never carry a path of the machine that made them.
  Loc where = old_value.loc;
  if (where.file) where.file = std::make_shared<const std::string>(display_path(*where.file));
  const std::string what = fmt::format("{} (converted from {} to {}) is set to {}", where.str(),
                                       old_value.converted_from, old_value.scalar,
                                       new_value.is_scalar() ? new_value.scalar : std::string("a new value"));
  if (reason.empty()) {
    diags_->warning(new_value.loc, "this replaces a converted distance without an 'override' reason (" +
                                      old_value.converted_from + " x " + format_decimal(factor_) + " = " +
                                      old_value.scalar + ")");
  }
  out.scaled.push_back({what, {Provenance::Kind::overridden, reason.empty() ? "(no reason given)" : reason}, new_value.loc, {}});
}

void Resolver::merge_map(Node& base, const Node& patch, const std::string& inherited_reason, Resolution& out) {
  std::string reason = inherited_reason;
  if (const NodePtr o = patch.get("override"); o && o->is_scalar()) reason = o->scalar;
  for (std::size_t i = 0; i < patch.entries.size(); ++i) {
    const auto& [key, pv] = patch.entries[i];
    const NodePtr bv = base.get(key);
    if (key == "errata" && bv && bv->is_seq() && pv->is_seq()) {  // applied specs' errata add up
      for (const auto& item : pv->items) bv->items.push_back(item->clone());
      continue;
    }
    // Errors the merged map causes (a key the parent needed is gone, keys that no longer fit
    // a changed kind) are the patch's doing: the builder reports them there.
    if (bv && patch.loc.file) base.patched_at = patch.loc;
    if (pv->is_null()) {  // `key: ~` removes what the parent had (e.g. `band` when a row gains columns)
      base.erase(key);
      continue;
    }
    if (!bv) {
      base.set(key, pv->clone());
      continue;
    }
    if (key == "cells" && bv->is_map() && pv->is_map()) {
      for (const auto& [col, cv] : pv->entries) {
        const NodePtr old = bv->get(col);
        if (cv->is_null()) {
          bv->erase(col);
          continue;
        }
        std::string cell_reason = reason;
        if (cv->is_map()) {
          if (const NodePtr o = cv->get("override"); o && o->is_scalar()) cell_reason = o->scalar;
        }
        if (old) replaced(*old, cv->is_map() && cv->get("value") ? *cv->get("value") : *cv, cell_reason, out);
        bv->set(col, cv->clone());
      }
      continue;
    }
    // Lists whose entries all have ids merge by id; any other list is replaced whole.
    const auto all_have_ids = [](const Node& list) {
      return std::all_of(list.items.begin(), list.items.end(), [](const NodePtr& n) { return n->is_map() && n->get("id"); });
    };
    if (bv->is_seq() && pv->is_seq() && kIdLists.count(key) && !pv->items.empty() && all_have_ids(*pv) &&
        all_have_ids(*bv)) {
      merge_list(*bv, *pv, key, reason, out);
      continue;
    }
    if (bv->is_map() && pv->is_map()) {
      merge_map(*bv, *pv, reason, out);
      continue;
    }
    if (bv->is_scalar()) replaced(*bv, *pv, reason, out);
    base.set(key, pv->clone());
  }
}

void Resolver::merge_list(Node& base, const Node& patch, const std::string& key, const std::string& reason,
                          Resolution& out) {
  for (const auto& item : patch.items) {
    const std::string id = id_of(*item);
    auto it = std::find_if(base.items.begin(), base.items.end(), [&](const NodePtr& b) { return id_of(*b) == id; });
    const NodePtr remove = item->get("remove");
    if (remove && remove->is_scalar() && remove->scalar == "true") {
      if (it == base.items.end()) {
        diags_->error(item->loc, "cannot remove '" + id + "': the parent has no such entry in '" + key + "'");
      } else {
        base.items.erase(it);
      }
      continue;
    }
    if (it == base.items.end() && !id.empty()) {
      // An id that followed a rename: patches name the entry by its new id.
      const auto renamed = std::find_if(base.items.begin(), base.items.end(), [&](const NodePtr& b) {
        const NodePtr olds = b->get("old_ids");
        return olds && olds->is_seq() &&
               std::any_of(olds->items.begin(), olds->items.end(), [&](const NodePtr& o) { return o->scalar == id; });
      });
      if (renamed != base.items.end()) {
        diags_->error(item->loc, "'" + id + "' was renamed '" + id_of(**renamed) + "' (it follows a rename); use the new id");
        continue;
      }
    }
    if (it != base.items.end()) {
      Node copy = *item;
      copy.erase("after");
      merge_map(**it, copy, reason, out);
      continue;
    }
    if (key == "tables" && !item->get("kind")) {
      std::vector<std::string> ids;
      for (const auto& b : base.items) ids.push_back(id_of(*b));
      const std::string msg = with_suggestion("the parent has no table '" + id + "' to patch (a new table needs 'kind')", id, ids);
      diags_->error(item->loc, msg);
      continue;
    }
    NodePtr fresh = item->clone();
    std::size_t at = base.items.size();
    if (const NodePtr after = fresh->get("after")) {
      auto pos = std::find_if(base.items.begin(), base.items.end(),
                              [&](const NodePtr& b) { return id_of(*b) == after->scalar; });
      if (pos == base.items.end()) {
        diags_->error(after->loc, "'after: " + after->scalar + "' names no entry of '" + key + "'");
      } else {
        at = static_cast<std::size_t>(pos - base.items.begin()) + 1;
      }
      fresh->erase("after");
    }
    base.items.insert(base.items.begin() + static_cast<std::ptrdiff_t>(at), fresh);
  }
}

}  // namespace

NodePtr Resolver::baseline(const fs::path& file, Resolution& out) {
  NodePtr own = load(file);
  if (!own) return nullptr;
  const NodePtr ext = own->get("extends");
  if (!ext || !ext->is_scalar()) return nullptr;
  const auto parent = locate(file, ext->scalar, ext->loc);
  if (!parent) return nullptr;
  stack_.push_back(fs::weakly_canonical(file));
  ref_loc_ = ext->loc;
  NodePtr tree = resolve(*parent, out);
  if (tree) {
    tree->erase("id");
    tree->erase("abstract");
    tree->erase("errata");
    renames_only_ = true;
    apply_content(tree, own, file, out);
    renames_only_ = false;
  }
  stack_.pop_back();
  return tree;
}

Resolution resolve_baseline(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache) {
  Resolution out;
  Resolver r(diags, search, cache);
  out.tree = r.baseline(file, out);
  return out;
}

Resolution resolve_spec(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache) {
  Resolution out;
  Resolver r(diags, search, cache);
  out.tree = r.resolve(file, out);
  // Only a scaled lineage (or a spec overriding scaled values) has scaled values to place.
  if (out.tree && (out.factor || !out.scaled.empty())) {
    // Every converted distance, in file order, with its place in the sheet: the ids of the list
    // entries it sits in and the column it is under ("movement_rates/infantry_line/open").
    std::map<std::tuple<const std::string*, int, int>, std::string> path_at;  // by the value's location
    const std::function<void(const Node&, const std::string&, const std::string&)> walk =
        [&](const Node& n, const std::string& key, const std::string& path) {
          if (n.is_scalar()) path_at.emplace(std::tuple{n.loc.file.get(), n.loc.line, n.loc.col}, path);
          if (!n.converted_from.empty()) {
            ScaledValue v;
            v.where = fmt::format("{} -> {}", n.converted_from, n.scalar);
            v.provenance = {Provenance::Kind::converted, n.converted_from};
            v.loc = n.loc;
            v.path = path;
            out.scaled.push_back(std::move(v));
          }
          for (const auto& i : n.items) {
            const NodePtr id = i->is_map() ? i->get("id") : nullptr;
            walk(*i, key, id && id->is_scalar() ? (path.empty() ? "" : path + "/") + id->scalar : path);
          }
          for (const auto& [k, v] : n.entries) {
            const bool column = key == "cells" || key == "bands";  // cells and bands are keyed by column
            walk(*v, k, column ? path + "/" + k : path);
          }
        };
    walk(*out.tree, "", "");
    // Overrides were recorded where the variant states them; name their place the same way.
    for (auto& v : out.scaled) {
      if (!v.path.empty()) continue;
      if (const auto it = path_at.find({v.loc.file.get(), v.loc.line, v.loc.col}); it != path_at.end()) v.path = it->second;
    }
  }
  return out;
}

}  // namespace qrsc
