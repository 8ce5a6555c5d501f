// A node's children (list items, map entries): one pointer while there are none, which is so
// for most nodes of a spec (its scalars), a vector once there are. Three empty std::vectors
// would be 72 of a scalar node's 152 bytes, and on a first build memory touched is time.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace qrsc {

template <class T>
class ChildList {
 public:
  using value_type = T;
  using iterator = typename std::vector<T>::iterator;
  using const_iterator = typename std::vector<T>::const_iterator;

  ChildList() = default;
  ChildList(const ChildList& other) : v_(other.empty() ? nullptr : std::make_unique<std::vector<T>>(*other.v_)) {}
  ChildList(ChildList&&) noexcept = default;
  ChildList& operator=(const ChildList& other) {
    if (this != &other) *this = ChildList(other);
    return *this;
  }
  ChildList& operator=(ChildList&&) noexcept = default;
  ~ChildList() = default;

  [[nodiscard]] bool empty() const { return !v_ || v_->empty(); }
  [[nodiscard]] std::size_t size() const { return v_ ? v_->size() : 0; }
  // Value-initialized iterators compare equal: an empty range without a vector.
  iterator begin() { return v_ ? v_->begin() : iterator{}; }
  iterator end() { return v_ ? v_->end() : iterator{}; }
  const_iterator begin() const { return v_ ? v_->cbegin() : const_iterator{}; }
  const_iterator end() const { return v_ ? v_->cend() : const_iterator{}; }
  T& operator[](std::size_t i) { return (*v_)[i]; }
  const T& operator[](std::size_t i) const { return (*v_)[i]; }
  T& back() { return v_->back(); }
  const T& back() const { return v_->back(); }

  [[nodiscard]] std::vector<T> copy() const { return v_ ? *v_ : std::vector<T>{}; }

  void push_back(T value) { vec().push_back(std::move(value)); }
  template <class... A>
  T& emplace_back(A&&... args) {
    return vec().emplace_back(std::forward<A>(args)...);
  }
  iterator insert(const_iterator at, T value) { return vec().insert(at, std::move(value)); }
  template <class It>
  void append(It first, It last) {
    if (first != last) vec().insert(vec().end(), first, last);
  }
  iterator erase(const_iterator at) { return v_->erase(at); }
  // The children from [first, last), moved in, in a vector of that size (none: no vector).
  template <class It>
  void assign(It first, It last) {
    if (first == last) {
      v_.reset();
      return;
    }
    v_ = std::make_unique<std::vector<T>>(first, last);
  }

 private:
  std::vector<T>& vec() {
    if (!v_) v_ = std::make_unique<std::vector<T>>();
    return *v_;
  }
  std::unique_ptr<std::vector<T>> v_;
};

}  // namespace qrsc
