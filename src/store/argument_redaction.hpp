#pragma once
// What was typed, made fit to store and show: a command line (`run`'s, a traced command), a
// shell command (`ab --setup-a`), a spec string. Every database location in it is written as
// redacted_location() shows it (store/store_location.hpp, the redactor of every message), and
// the value of every "...password...=VALUE" pair (libpq's key=value text, PGPASSWORD=...) is
// replaced by "***". Text without either passes unchanged.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// One word of a command line (argv): a PostgreSQL URL in it, after any prefix ("--db=",
// "CLONEBENCH_DB="), runs to the end of the word, whatever it holds (a password may hold a
// space); a whole word of key=value connection text is written as libpq reads it.
std::string redacted_argument(std::string_view word);
std::vector<std::string> redacted_arguments(const std::vector<std::string>& words);

// Free text such as a shell command: a PostgreSQL URL ends at a space, a quote or a shell
// operator; one that cannot be read is hidden to the end of the text.
std::string redacted_text(std::string_view text);

// Every string in `json` redacted: an array's strings as the words of a command line, any other
// string as free text. For stored documents (options, experiment summaries) whatever wrote them.
void redact_strings(nlohmann::json& json);

}  // namespace clonebench
