#include "source_tree.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

namespace qrsc {

NodePtr Node::get(const std::string& key) const {
  for (const auto& [k, v] : entries) {
    if (k == key) return v;
  }
  return nullptr;
}

Loc Node::key_loc(const std::string& key) const {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) return key_locs[i];
  }
  return loc;
}

void Node::set(const std::string& key, NodePtr value) {
  for (auto& [k, v] : entries) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  key_locs.push_back(value ? value->loc : loc);
  entries.emplace_back(key, std::move(value));
}

void Node::erase(const std::string& key) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) {
      entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(i));
      key_locs.erase(key_locs.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
}

NodePtr Node::clone() const {
  auto n = std::make_shared<Node>(*this);
  for (auto& i : n->items) i = i->clone();
  for (auto& [k, v] : n->entries) v = v->clone();
  return n;
}

namespace {

Loc loc_of(const YAML::Mark& m, const std::shared_ptr<const std::string>& file) {
  return {file, m.line + 1, m.column + 1};
}

NodePtr convert(const YAML::Node& y, const std::shared_ptr<const std::string>& file, Diagnostics& diags) {
  auto n = std::make_shared<Node>();
  n->loc = loc_of(y.Mark(), file);
  switch (y.Type()) {
    case YAML::NodeType::Scalar:
      n->kind = Node::Kind::scalar;
      n->scalar = y.Scalar();
      n->quoted = y.Tag() == "!";
      break;
    case YAML::NodeType::Sequence:
      n->kind = Node::Kind::sequence;
      for (const auto& item : y) n->items.push_back(convert(item, file, diags));
      break;
    case YAML::NodeType::Map:
      n->kind = Node::Kind::map;
      for (const auto& kv : y) {
        const Loc kl = loc_of(kv.first.Mark(), file);
        if (!kv.first.IsScalar()) {
          diags.error(kl, "map keys must be plain words");
          continue;
        }
        const std::string key = kv.first.Scalar();
        if (n->get(key)) {
          diags.error(kl, "duplicate key '" + key + "'");
          continue;
        }
        n->entries.emplace_back(key, convert(kv.second, file, diags));
        n->key_locs.push_back(kl);
      }
      break;
    default:
      n->kind = Node::Kind::null;
      break;
  }
  return n;
}

}  // namespace

NodePtr load_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  auto file = std::make_shared<const std::string>(file_name);
  try {
    const YAML::Node root = YAML::Load(text);
    return convert(root, file, diags);
  } catch (const YAML::Exception& e) {
    diags.error({file, e.mark.line + 1, e.mark.column + 1}, "YAML syntax: " + e.msg);
    return nullptr;
  }
}

NodePtr load_yaml_file(const std::filesystem::path& path, Diagnostics& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error({std::make_shared<const std::string>(path.string()), 0, 0}, "cannot read file");
    return nullptr;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return load_yaml_string(ss.str(), path.string(), diags);
}

}  // namespace qrsc
