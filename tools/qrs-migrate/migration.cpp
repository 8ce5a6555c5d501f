#include "migration.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>

namespace qrs_migrate {

using namespace clang;
using namespace clang::ast_matchers;
namespace fs = std::filesystem;

// Edits and problems at source locations, each location handled once.
struct Migration::Context {
  Migration& m;
  const SourceManager& sm;
  const LangOptions& lang;

  // The file a location is written in when the migration may touch it.
  std::optional<std::string> editable_file(SourceLocation loc) const {
    if (loc.isInvalid() || sm.isInSystemHeader(loc)) return std::nullopt;
    const FileEntry* fe = sm.getFileEntryForID(sm.getFileID(loc));
    if (!fe) return std::nullopt;
    llvm::SmallString<256> real;
    if (llvm::sys::fs::real_path(fe->getName(), real)) return std::nullopt;
    const std::string path(real.str());
    const auto under = [&](const fs::path& dir) {
      const std::string d = dir.string() + "/";
      return path.compare(0, d.size(), d) == 0;
    };
    const auto ends_with = [&](const std::string& tail) {
      return path.size() > tail.size() &&
             path.compare(path.size() - tail.size() - 1, std::string::npos, "/" + tail) == 0;
    };
    if (ends_with(m.map_.from_header) || ends_with(m.map_.to_header)) return std::nullopt;
    if (std::any_of(m.excluded_.begin(), m.excluded_.end(), under)) return std::nullopt;
    if (std::any_of(m.roots_.begin(), m.roots_.end(), under)) return path;
    return std::nullopt;
  }

  // True the first time a location of an editable file is seen (templates are matched once per
  // instantiation, headers once per unit that includes them).
  bool first_visit(SourceLocation spelling, std::string& path) {
    const auto file = editable_file(spelling);
    if (!file) return false;
    path = *file;
    return m.seen_.emplace(path, sm.getFileOffset(spelling)).second;
  }

  void replace_token(SourceLocation loc, llvm::StringRef expected, const std::string& text) {
    const SourceLocation spelling = sm.getSpellingLoc(loc);
    std::string path;
    if (!first_visit(spelling, path)) return;
    const auto range = CharSourceRange::getTokenRange(spelling, spelling);
    if (Lexer::getSourceText(range, sm, lang) != expected) return;  // not spelled as the name (a macro's own token)
    add(path, tooling::Replacement(path, sm.getFileOffset(spelling), static_cast<unsigned>(expected.size()), text));
  }

  void replace_range(CharSourceRange range, const std::string& text) {
    std::string path;
    if (!first_visit(range.getBegin(), path)) return;
    const auto len = sm.getFileOffset(range.getEnd()) - sm.getFileOffset(range.getBegin());
    add(path, tooling::Replacement(path, sm.getFileOffset(range.getBegin()), len, text));
  }

  void add(const std::string& path, const tooling::Replacement& r) {
    if (auto err = m.result_.edits[path].add(r)) {
      m.result_.problems.insert({path, 0, 0, "cannot combine edits: " + llvm::toString(std::move(err))});
    }
  }

  // A problem that leaves the whole file as it is.
  void leave_unchanged(SourceLocation loc, const std::string& message) {
    if (const auto file = editable_file(sm.getSpellingLoc(loc))) m.result_.left_unchanged.insert(*file);
    problem(loc, message);
  }

  void problem(SourceLocation loc, const std::string& message) {
    const SourceLocation spelling = sm.getSpellingLoc(loc);
    if (!editable_file(spelling)) return;
    const PresumedLoc p = sm.getPresumedLoc(spelling);
    m.result_.problems.insert({p.getFilename(), p.getLine(), p.getColumn(), message});
  }

  // Where a declaration context sits: in the source sheet's namespace (table: "") or in one of
  // its table namespaces (table: its name); nothing when outside the sheet.
  std::optional<std::string> table_of(const DeclContext* dc) const {
    std::string table;
    for (; dc; dc = dc->getParent()) {
      if (const auto* ns = dyn_cast<NamespaceDecl>(dc)) {
        if (ns->getQualifiedNameAsString() == m.map_.from_namespace) return table;
        table = ns->getNameAsString();
      }
    }
    return std::nullopt;
  }

  bool is_sheet(const NamedDecl* d) const {
    const auto* ns = dyn_cast_or_null<NamespaceDecl>(d);
    return ns && ns->getQualifiedNameAsString() == m.map_.from_namespace;
  }

  // A table namespace the target sheet lacks: report the use.
  void check_table_namespace(const NamedDecl* d, SourceLocation loc) {
    const auto* ns = dyn_cast_or_null<NamespaceDecl>(d);
    if (!ns) return;
    const auto table = table_of(ns->getParent());
    if (!table || !table->empty()) return;
    const auto it = m.map_.tables.find(ns->getNameAsString());
    if (it != m.map_.tables.end() && !it->second) {
      problem(loc, "table '" + ns->getNameAsString() + "' is not in " + m.map_.to_spec + "; left unchanged");
    }
  }

  // A namespace named in code: the sheet's own is renamed, a missing table is reported.
  void namespace_use(const NamedDecl* d, SourceLocation name_loc) {
    if (is_sheet(d)) {
      replace_token(name_loc, m.map_.from_leaf, m.map_.to_leaf);
    } else {
      check_table_namespace(d, name_loc);
    }
  }

  void enumerator_use(const EnumConstantDecl* e, SourceLocation loc) {
    const auto* en = dyn_cast<EnumDecl>(e->getDeclContext());
    if (!en) return;
    const auto table = table_of(en->getDeclContext());
    if (!table) return;
    const std::string key = table->empty() ? en->getNameAsString() : *table + "::" + en->getNameAsString();
    const std::string name = e->getNameAsString();
    if (const auto to = m.map_.enumerator(key, name)) {
      if (*to != name) replace_token(loc, name, *to);
      return;
    }
    problem(loc, "'" + key + "::" + name + "' is not in " + m.map_.to_spec + "; left unchanged");
  }

  // `using enum qrs::rff::acw_2_1_15mm::TargetRating;`: clang 14 keeps no qualifier on a
  // using-enum-declaration (UsingEnumDecl has no NestedNameSpecifierLoc before clang 15), so the
  // tokens between `enum` and the enum's name are read with the lexer to find the sheet
  // namespace's name and the table's.
  void using_enum(const UsingEnumDecl* ue) {
    const EnumDecl* en = ue->getEnumDecl();
    const auto table = table_of(en->getDeclContext());
    if (!table) return;
    enum_type_use(en, ue->getLocation());
    const SourceLocation end = ue->getLocation();
    if (ue->getEnumLoc().isMacroID() || end.isMacroID()) return;
    for (SourceLocation at = ue->getEnumLoc(); at.isValid() && sm.isBeforeInTranslationUnit(at, end);) {
      Token tok;
      if (Lexer::getRawToken(at, tok, sm, lang, /*IgnoreWhiteSpace=*/true)) break;
      if (tok.is(tok::raw_identifier)) {
        if (tok.getRawIdentifier() == m.map_.from_leaf)
          replace_token(tok.getLocation(), m.map_.from_leaf, m.map_.to_leaf);
        if (!table->empty() && tok.getRawIdentifier() == *table) {
          check_table_namespace(dyn_cast<NamespaceDecl>(en->getDeclContext()), tok.getLocation());
        }
      }
      at = tok.getEndLoc();
    }
  }

  void enum_type_use(const EnumDecl* en, SourceLocation loc) {
    const auto table = table_of(en->getDeclContext());
    if (!table) return;
    const std::string key = table->empty() ? en->getNameAsString() : *table + "::" + en->getNameAsString();
    if (m.map_.has_enum(key)) return;
    if (!table->empty()) {
      const auto it = m.map_.tables.find(*table);
      if (it != m.map_.tables.end() && !it->second) return;  // the table's own use is reported
    }
    problem(loc, "type '" + key + "' is not in " + m.map_.to_spec + "; left unchanged");
  }
};

namespace {

class MatchCallback final : public MatchFinder::MatchCallback {
 public:
  explicit MatchCallback(Migration& m) : m_(m) {}

  void run(const MatchFinder::MatchResult& r) override {
    Migration::Context c{m_, *r.SourceManager, r.Context->getLangOpts()};
    if (const auto* ref = r.Nodes.getNodeAs<DeclRefExpr>("enumerator")) {
      c.enumerator_use(cast<EnumConstantDecl>(ref->getDecl()), ref->getLocation());
    } else if (const auto* nns = r.Nodes.getNodeAs<NestedNameSpecifierLoc>("qualifier")) {
      if (const NestedNameSpecifier* q = nns->getNestedNameSpecifier(); q && q->getAsNamespace()) {
        c.namespace_use(q->getAsNamespace(), nns->getLocalBeginLoc());
      }
    } else if (const auto* alias = r.Nodes.getNodeAs<NamespaceAliasDecl>("alias")) {
      c.namespace_use(alias->getAliasedNamespace(), alias->getTargetNameLoc());
    } else if (const auto* dir = r.Nodes.getNodeAs<UsingDirectiveDecl>("using")) {
      c.namespace_use(dir->getNominatedNamespaceAsWritten(), dir->getIdentLocation());
    } else if (const auto* ud = r.Nodes.getNodeAs<UsingDecl>("using_decl")) {
      // `using acw::TargetRating::green;` (C++20): the name it declares is the enumerator's.
      for (const UsingShadowDecl* shadow : ud->shadows()) {
        if (const auto* e = dyn_cast<EnumConstantDecl>(shadow->getTargetDecl())) {
          c.enumerator_use(e, ud->getNameInfo().getLoc());
          break;
        }
      }
    } else if (const auto* ue = r.Nodes.getNodeAs<UsingEnumDecl>("using_enum")) {
      c.using_enum(ue);
    } else if (const auto* tl = r.Nodes.getNodeAs<TypeLoc>("type")) {
      if (const auto etl = tl->getAs<EnumTypeLoc>()) c.enum_type_use(etl.getDecl(), etl.getNameLoc());
    }
  }

 private:
  Migration& m_;
};

// `#include "rff/acw_2_1_15mm.hpp"` becomes the target's header, spelled the same way.
class IncludeRewriter final : public PPCallbacks {
 public:
  IncludeRewriter(Migration& m, const SourceManager& sm, const LangOptions& lang) : m_(m), sm_(sm), lang_(lang) {}

  void InclusionDirective(SourceLocation, const Token&, StringRef file_name, bool angled, CharSourceRange range,
                          const FileEntry*, StringRef, StringRef, const Module*, SrcMgr::CharacteristicKind) override {
    const std::string& from = m_.map().from_header;
    const std::string name(file_name);
    if (name != from &&
        !(name.size() > from.size() && name.compare(name.size() - from.size() - 1, std::string::npos, "/" + from) == 0))
      return;
    const std::string renamed = name.substr(0, name.size() - from.size()) + m_.map().to_header;
    Migration::Context c{m_, sm_, lang_};
    // `#include SHEET_HEADER`: the name is a macro's, defined who knows where; renaming the
    // file's uses without its include would leave code that does not compile.
    const llvm::StringRef spelled = Lexer::getSourceText(range, sm_, lang_);
    if (!spelled.startswith("\"") && !spelled.startswith("<")) {
      c.leave_unchanged(range.getBegin(),
                        "cannot rewrite an include whose name comes from a macro; no file is changed: "
                        "include " +
                            from + " by name, or move this include by hand");
      return;
    }
    c.replace_range(range, angled ? "<" + renamed + ">" : "\"" + renamed + "\"");
  }

 private:
  Migration& m_;
  const SourceManager& sm_;
  const LangOptions& lang_;
};

class SourceCallbacks final : public tooling::SourceFileCallbacks {
 public:
  explicit SourceCallbacks(Migration& m) : m_(m) {}
  bool handleBeginSource(CompilerInstance& ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<IncludeRewriter>(m_, ci.getSourceManager(), ci.getLangOpts()));
    return true;
  }

 private:
  Migration& m_;
};

}  // namespace

Migration::Migration(const SheetMap& map, std::vector<fs::path> roots, std::vector<fs::path> excluded)
    : map_(map), roots_(std::move(roots)), excluded_(std::move(excluded)) {
  callback_ = std::make_unique<MatchCallback>(*this);
  source_callbacks_ = std::make_unique<SourceCallbacks>(*this);
  finder_.addMatcher(declRefExpr(to(enumConstantDecl())).bind("enumerator"), callback_.get());
  finder_.addMatcher(nestedNameSpecifierLoc().bind("qualifier"), callback_.get());
  finder_.addMatcher(namespaceAliasDecl().bind("alias"), callback_.get());
  finder_.addMatcher(usingDirectiveDecl().bind("using"), callback_.get());
  finder_.addMatcher(usingDecl().bind("using_decl"), callback_.get());
  finder_.addMatcher(usingEnumDecl().bind("using_enum"), callback_.get());
  finder_.addMatcher(typeLoc(loc(enumType())).bind("type"), callback_.get());
}

std::unique_ptr<tooling::FrontendActionFactory> Migration::action_factory() {
  return tooling::newFrontendActionFactory(&finder_, source_callbacks_.get());
}

}  // namespace qrs_migrate
