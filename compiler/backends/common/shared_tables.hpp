// The tables the specs of one run share, numbered for the backends that reuse what they made of
// one. A variant's unchanged table is its parent's very object (model.hpp, TableList), so a
// backend that rendered or checked it for the parent can reuse that for the variant; the number
// says "the same table" in a cache key. The identity is the object's own (it is owned by a
// shared_ptr), so neither the model nor the front end keeps one for the backends.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "qrsc/model/model.hpp"

namespace qrsc {

class SharedTableNumbers {
 public:
  // This table's number in the run: the same for as long as the table lives, never given to
  // another table (not even one built later at the same address). 0 for a table no shared_ptr
  // owns (a test's own Table), which nothing should reuse.
  std::uint64_t number(const Table& t);
  // The same as the text of a cache key; empty for 0.
  std::string key(const Table& t);

 private:
  struct Entry {
    std::weak_ptr<const Table> owner;
    std::uint64_t number = 0;
  };
  std::unordered_map<const Table*, Entry> entries_;
  std::uint64_t last_ = 0;
  std::size_t prune_at_ = 256;  // entries of tables that are gone are dropped when this many
};

}  // namespace qrsc
