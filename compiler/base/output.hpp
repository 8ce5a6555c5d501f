// Writing outputs so that a failed or interrupted build never leaves a half-written, missing or
// foreign file: each file is written to an exclusive temporary beside its target (temp_file.hpp)
// and swapped into place with one atomic rename; the run holds a lock on its output folder.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/base/folder_lock.hpp"
#include "qrsc/base/open_folder.hpp"
#include "qrsc/base/temp_file.hpp"

namespace qrsc {

struct PendingFile {
  std::filesystem::path path;
  std::string content;
};

// Called before each step of commit() that changes a target, with that target: setting `ec` makes
// the step fail (tests fail a chosen file, or end the process there).
using CommitHook = std::function<void(const std::filesystem::path& target, std::error_code& ec)>;

// Files written all or none, staged one at a time as they are made (a run of many variants need
// not hold every output in memory): stage() writes a file's temporary beside its target, commit()
// swaps every new file in, each with one rename (RENAME_EXCHANGE, so the old file stays reachable
// for a roll-back and the target is never missing), and when any step fails, or the transaction
// ends uncommitted, every old file is put back and every temporary, and every folder stage() made,
// removed. Files whose content is unchanged are left alone; a target that exists but is not a
// regular file (a link, a folder, a FIFO) is refused before anything moves. The first stage()
// locks the output folder (FolderLock) until the transaction ends, and removes the temporaries
// that writers killed in that folder left.
class OutputTransaction {
 public:
  // `lock_folder`: the folder the run writes into (default: the first staged file's folder);
  // no link below it is followed (open_folder.hpp).
  explicit OutputTransaction(std::filesystem::path lock_folder = {}, CommitHook hook = {});
  ~OutputTransaction();
  OutputTransaction(const OutputTransaction&) = delete;
  OutputTransaction& operator=(const OutputTransaction&) = delete;

  // After an error the transaction is rolled back and stays failed.
  Expected<void> stage(const PendingFile& f);
  Expected<void> commit();

 private:
  struct Staged {
    std::shared_ptr<const OpenFolder> folder;  // the target's folder, reached without following links
    std::string name;                          // the target's name in it
    TempFile tmp;                              // the new content; after an exchange, the old
    std::filesystem::path target;              // for messages
    bool existed = false;
    bool placed = false;     // the new file is in place
    bool exchanged = false;  // placed by exchange: `tmp` holds the old file
    TempFile backup;         // a hard link to the old file, where exchange is not supported
  };
  // One staged file moved into place.
  Expected<void> place(Staged& s);
  // `folder`, opened (once per transaction) from the output folder without following links and
  // made where missing, noted so that a roll-back removes what it made.
  Expected<std::shared_ptr<const OpenFolder>> open_folder(const std::filesystem::path& folder);
  void roll_back();

  std::filesystem::path lock_folder_;
  CommitHook hook_;
  FolderLock lock_;
  std::vector<Staged> staged_;
  std::vector<std::filesystem::path> made_folders_;  // folders stage() created, outermost first
  std::vector<std::pair<std::filesystem::path, std::shared_ptr<const OpenFolder>>> folders_;  // opened so far
  bool done_ = false;
};

// Writes all files or none (an OutputTransaction over `files`, locking and writing below `root`:
// by default the first file's folder).
Expected<void> write_files_atomically(const std::vector<PendingFile>& files, const std::filesystem::path& root = {},
                                      const CommitHook& hook = {});

// Replaces one file with new content in one atomic rename, keeping its mode and (where the
// process may) its owner; the file must be a regular file with no other hard link unless
// `break_hard_links` (replacing it would part the links: the others keep the old content).
Expected<void> replace_file(const std::filesystem::path& target, std::string_view content,
                            bool break_hard_links = false);
// Whether replace_file would take the target, or why not (to check a set of files before changing any).
Expected<void> replaceable(const std::filesystem::path& target, bool break_hard_links = false);

}  // namespace qrsc
