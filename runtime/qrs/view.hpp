// A read-only view of contiguous constant data: what a generated table's rows and texts are
// (kRows, kFacts, kItems, ...), and Grid, its two-dimensional kind (kBands, kCells). A
// std::array is one class per element type and size, and a translation unit that includes
// every generated header would instantiate about a hundred of them; a View is one per element
// type (docs/benchmarks.md, "Include cost").
#pragma once

#include <cstddef>

namespace qrs {

template <class T>
class View {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using reference = const T&;
  using const_reference = const T&;
  using iterator = const T*;
  using const_iterator = const T*;

  constexpr View() noexcept = default;
  constexpr View(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  // A built-in array, or any contiguous container with data() and size() (std::array,
  // std::vector): so that the runtime's functions over a View also take a program's own data.
  template <std::size_t N>
  constexpr View(const T (&array)[N]) noexcept : data_(array), size_(N) {}  // NOLINT: implicit, as std::span's
  template <class Container>
  requires requires(const Container& c) {
    static_cast<const T*>(c.data());
    static_cast<std::size_t>(c.size());
  }
  constexpr View(const Container& c) noexcept : data_(c.data()), size_(c.size()) {}  // NOLINT: implicit, as std::span's

  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] constexpr const T* data() const noexcept { return data_; }
  // Precondition: i < size() (as std::array's operator[]).
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  [[nodiscard]] constexpr const T& front() const noexcept { return data_[0]; }
  [[nodiscard]] constexpr const T& back() const noexcept { return data_[size_ - 1]; }
  [[nodiscard]] constexpr const T* begin() const noexcept { return data_; }
  [[nodiscard]] constexpr const T* end() const noexcept { return data_ + size_; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

// A read-only view of a two-dimensional table stored line after line in one array (a matrix's
// cells row by row, a band table's bands column by column): grid[i] is line i as a View and
// grid[i][j] one element. One object, where a View of Views needs a View for every line.
// Lines are handed out by value, const, so that `for (auto& line : grid)` binds as it would to
// a std::array of std::arrays.
template <class T>
class Grid {
 public:
  class iterator {
   public:
    using value_type = View<T>;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() noexcept = default;
    constexpr iterator(const T* at, std::size_t width) noexcept : at_(at), width_(width) {}
    constexpr const View<T> operator*() const noexcept { return {at_, width_}; }
    constexpr iterator& operator++() noexcept {
      at_ += width_;
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      iterator before = *this;
      at_ += width_;
      return before;
    }
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept { return a.at_ == b.at_; }

   private:
    const T* at_ = nullptr;
    std::size_t width_ = 0;
  };
  using value_type = View<T>;
  using size_type = std::size_t;
  using const_iterator = iterator;

  constexpr Grid() noexcept = default;
  constexpr Grid(const T* data, std::size_t lines, std::size_t width) noexcept
      : data_(data), lines_(lines), width_(width) {}

  [[nodiscard]] constexpr std::size_t size() const noexcept { return lines_; }   // the number of lines
  [[nodiscard]] constexpr std::size_t width() const noexcept { return width_; }  // the elements of each
  [[nodiscard]] constexpr bool empty() const noexcept { return lines_ == 0; }
  [[nodiscard]] constexpr const T* data() const noexcept { return data_; }
  // Precondition: i < size().
  [[nodiscard]] constexpr const View<T> operator[](std::size_t i) const noexcept {
    return {data_ + i * width_, width_};
  }
  [[nodiscard]] constexpr const View<T> front() const noexcept { return (*this)[0]; }
  [[nodiscard]] constexpr const View<T> back() const noexcept { return (*this)[lines_ - 1]; }
  [[nodiscard]] constexpr iterator begin() const noexcept { return {data_, width_}; }
  // Past the last line; a grid of no lines, or lines of no elements, has begin() == end().
  [[nodiscard]] constexpr iterator end() const noexcept { return {data_ + lines_ * width_, width_}; }

 private:
  const T* data_ = nullptr;
  std::size_t lines_ = 0;
  std::size_t width_ = 0;
};

}  // namespace qrs
