#include "store/store_location.hpp"

namespace clonebench {
namespace {

std::string_view scheme_of(std::string_view location) {
  for (const std::string_view scheme : {"postgresql://", "postgres://"}) {
    if (location.substr(0, scheme.size()) == scheme) {
      return scheme;
    }
  }
  return {};
}

// "user:secret@host:5432" -> "user@host:5432"; the last '@' ends the user part, as in libpq.
std::string without_password(std::string_view authority) {
  const std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) {
    return std::string(authority);
  }
  const std::string_view user_part = authority.substr(0, at);
  const std::size_t colon = user_part.find(':');
  if (colon == std::string_view::npos) {
    return std::string(authority);
  }
  return std::string(user_part.substr(0, colon)) + std::string(authority.substr(at));
}

std::string without_password_parameter(std::string_view query) {
  std::string kept;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    if (parameter.substr(0, 9) != "password=" && parameter != "password") {
      kept += (kept.empty() ? "" : "&") + std::string(parameter);
    }
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  return kept;
}

}  // namespace

bool is_postgres_url(std::string_view location) {
  return !scheme_of(location).empty();
}

std::string redacted_location(std::string_view location) {
  const std::string_view scheme = scheme_of(location);
  if (scheme.empty()) {
    return std::string(location);
  }
  std::string_view rest = location.substr(scheme.size());
  const std::size_t authority_end = rest.find_first_of("/?");
  std::string redacted = std::string(scheme) + without_password(rest.substr(0, authority_end));
  if (authority_end == std::string_view::npos) {
    return redacted;
  }
  rest = rest.substr(authority_end);
  const std::size_t question = rest.find('?');
  redacted += std::string(rest.substr(0, question));
  if (question != std::string_view::npos) {
    const std::string query = without_password_parameter(rest.substr(question + 1));
    if (!query.empty()) {
      redacted += "?" + query;
    }
  }
  return redacted;
}

}  // namespace clonebench
