#include "qrsc/backends/common/template_store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <string_view>

#include "qrsc/backends/common/backend_error.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/base/printable.hpp"

namespace qrsc {

// Defined in the file CMake generates from templates/.
const std::map<std::string_view, std::string_view>& embedded_templates();

namespace {

struct TemplateStore {
  std::optional<std::filesystem::path> dir;
  // Read from a folder, by the file's path: kept for the process (views of them are handed
  // out), so that a file is read once however often the folder is set.
  std::map<std::filesystem::path, std::string> read;
};

TemplateStore& store() {
  static TemplateStore s;
  return s;
}

// A template of a --templates folder: a regular file (a FIFO or a device is refused before it is
// read; O_NONBLOCK so that opening a FIFO swapped in meanwhile cannot hang) of at most
// limits::kMaxTemplateBytes.
std::string read_template_file(const std::filesystem::path& file) {
  const auto fail = [&](const std::string& why) {
    backend_error(Diagnostic{Severity::error, Loc{std::make_shared<const std::string>(file.string()), 0, 0}, why});
  };
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) backend_error("template not found: " + printable(file.string()));
    fail(std::string("cannot read the template: ") + std::strerror(errno));
  }
  struct stat st {};
  std::string text;
  std::string why;
  if (::fstat(fd, &st) != 0) {
    why = std::string("cannot read the template: ") + std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    why = "the template is not a regular file";
  } else if (static_cast<std::uint64_t>(st.st_size) > limits::kMaxTemplateBytes) {
    why = "the template is larger than 1 MiB (" + std::to_string(st.st_size) + " bytes)";
  } else {
    text.resize(static_cast<std::size_t>(st.st_size) + 1);  // one more: a file that grew is noticed
    std::size_t got = 0;
    while (got < text.size()) {
      const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) why = std::string("cannot read the template: ") + std::strerror(errno);
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    if (why.empty() && got > static_cast<std::size_t>(st.st_size)) why = "the template changed while it was read";
    text.resize(std::min(got, text.size()));
  }
  ::close(fd);
  if (!why.empty()) fail(why);
  return text;
}

}  // namespace

void set_template_dir(std::optional<std::filesystem::path> dir) { store().dir = std::move(dir); }

std::string_view load_template(const std::string& name) {
  TemplateStore& s = store();
  if (!s.dir) {
    const auto& all = embedded_templates();
    const auto it = all.find(name);
    if (it == all.end()) backend_error("template not found: " + name);
    return it->second;
  }
  const std::filesystem::path file = *s.dir / name;
  if (const auto it = s.read.find(file); it != s.read.end()) return it->second;
  return s.read.emplace(file, read_template_file(file)).first->second;
}

void template_error(const std::string& name, const tmpl::mustache& t) { backend_error(t.error_diagnostic(name)); }

}  // namespace qrsc
