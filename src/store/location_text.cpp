#include "store/location_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <optional>

namespace clonebench {
namespace {

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool is_alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

bool is_alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  const char folded = lower(c);
  return folded >= 'a' && folded <= 'f' ? folded - 'a' + 10 : -1;
}

// RFC 3986's unreserved characters and those of `kept` stay; every other byte is %-escaped.
std::string percent_encoded(std::string_view text, std::string_view kept = {}) {
  std::string encoded;
  for (const char c : text) {
    if (is_alnum(c) || std::string_view("-._~").find(c) != std::string_view::npos ||
        kept.find(c) != std::string_view::npos) {
      encoded += c;
    } else {
      encoded += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
  }
  return encoded;
}

std::vector<std::string> comma_list(std::string_view text) {
  std::vector<std::string> items;
  for (;;) {
    const std::size_t comma = text.find(',');
    items.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) {
      return items;
    }
    text.remove_prefix(comma + 1);
  }
}

std::optional<std::string> setting(const std::vector<ConnectionSetting>& settings,
                                   std::string_view keyword) {
  for (const ConnectionSetting& each : settings) {
    if (each.keyword == keyword) {
      return each.value;
    }
  }
  return std::nullopt;
}

// A host that a URL's authority can hold as it is: a name, an IPv4 or (bracketed) IPv6 address.
bool fits_the_authority(std::string_view host) {
  return !host.empty() && std::all_of(host.begin(), host.end(), [](char c) {
    return is_alnum(c) || c == '.' || c == '-' || c == '_' || c == ':';
  });
}

// "h1:5432,[::1]:5433", or nothing when the hosts and ports cannot be written there (a socket
// directory, a port list that does not pair with the hosts): they then go to the query.
std::optional<std::string> authority_hosts(const std::vector<ConnectionSetting>& settings) {
  const std::optional<std::string> host = setting(settings, "host");
  const std::optional<std::string> port = setting(settings, "port");
  const std::vector<std::string> hosts = host ? comma_list(*host) : std::vector<std::string>{""};
  const std::vector<std::string> ports = port ? comma_list(*port) : std::vector<std::string>{};
  if (host && !std::all_of(hosts.begin(), hosts.end(), fits_the_authority)) {
    return std::nullopt;
  }
  if (!ports.empty() && ports.size() != hosts.size()) {
    return std::nullopt;
  }
  std::string authority;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    authority += i > 0 ? "," : "";
    authority += hosts[i].find(':') != std::string::npos ? "[" + hosts[i] + "]" : hosts[i];
    if (i < ports.size() && !ports[i].empty()) {
      authority += ":" + ports[i];
    }
  }
  return authority;
}

// A key=value value: quoted when empty or holding a space, a quote or a backslash.
std::string conninfo_value(std::string_view value) {
  const bool plain = !value.empty() && std::none_of(value.begin(), value.end(), [](char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0 || c == '\'' || c == '\\';
  });
  if (plain) {
    return std::string(value);
  }
  std::string quoted = "'";
  for (const char c : value) {
    quoted += c == '\'' || c == '\\' ? std::string{'\\', c} : std::string(1, c);
  }
  return quoted + "'";
}

}  // namespace

std::size_t postgres_scheme_length(std::string_view text) {
  for (const std::string_view scheme : {"postgresql://", "postgres://"}) {
    if (text.size() >= scheme.size() && std::equal(scheme.begin(), scheme.end(), text.begin(),
                                                   [](char a, char b) { return a == lower(b); })) {
      return scheme.size();
    }
  }
  return 0;
}

std::size_t url_scheme_length(std::string_view text) {
  const std::size_t separator = text.find("://");
  if (separator == std::string_view::npos || separator == 0 || !is_alpha(text.front())) {
    return 0;
  }
  const std::string_view scheme = text.substr(0, separator);
  const bool valid = std::all_of(scheme.begin(), scheme.end(), [](char c) {
    return is_alnum(c) || c == '+' || c == '-' || c == '.';
  });
  return valid ? separator + 3 : 0;
}

bool starts_like_conninfo(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])) != 0) {
    ++at;
  }
  const std::size_t name_start = at;
  while (at < text.size() && (is_alnum(text[at]) || text[at] == '_')) {
    ++at;
  }
  if (at == name_start || !is_alpha(text[name_start])) {
    return false;
  }
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])) != 0) {
    ++at;
  }
  return at < text.size() && text[at] == '=';
}

bool is_password_keyword(std::string_view keyword) {
  std::string folded;
  for (const char c : keyword) {
    folded += lower(c);
  }
  return folded.find("password") != std::string::npos;
}

std::string percent_decoded(std::string_view text) {
  std::string decoded;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_digit_value(text[i + 1]) >= 0 &&
        hex_digit_value(text[i + 2]) >= 0) {
      decoded +=
          static_cast<char>(hex_digit_value(text[i + 1]) * 16 + hex_digit_value(text[i + 2]));
      i += 2;
    } else {
      decoded += text[i];
    }
  }
  return decoded;
}

std::string url_text(std::string_view scheme, const std::vector<ConnectionSetting>& settings) {
  const std::optional<std::string> hosts = authority_hosts(settings);
  std::string url(scheme);
  if (const std::optional<std::string> user = setting(settings, "user")) {
    url += percent_encoded(*user) + "@";
  }
  url += hosts.value_or("");
  if (const std::optional<std::string> dbname = setting(settings, "dbname")) {
    url += "/" + percent_encoded(*dbname);
  }
  std::string query;
  for (const ConnectionSetting& each : settings) {
    const bool in_place = each.keyword == "user" || each.keyword == "dbname" ||
                          (hosts && (each.keyword == "host" || each.keyword == "port"));
    if (!each.secret && !in_place) {
      query +=
          (query.empty() ? "?" : "&") + each.keyword + "=" + percent_encoded(each.value, "/:,@");
    }
  }
  return url + query;
}

std::string conninfo_text(const std::vector<ConnectionSetting>& settings) {
  std::string text;
  for (const ConnectionSetting& each : settings) {
    if (!each.secret) {
      text += (text.empty() ? "" : " ") + each.keyword + "=" + conninfo_value(each.value);
    }
  }
  return text.empty() ? "(libpq's defaults)" : text;
}

}  // namespace clonebench
