#pragma once
// A throwaway PostgreSQL cluster for the tests of the PostgreSQL store: initdb in a private
// temporary directory, the server on a Unix socket in that directory only (no TCP), stopped and
// removed with everything in it when the object is destroyed, also when a test failed. The
// server gets SIGQUIT (immediate shutdown) if this process dies first (setpriv --pdeathsig, or
// PR_SET_PDEATHSIG when not root). Every wait is bounded.
//
// Missing binaries are a failure, never a skip: scripts/setup.sh --tests installs postgresql-15.
// $CLONEBENCH_PG_BIN overrides the binary directory (default: the newest
// /usr/lib/postgresql/*/bin).

#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace clonebench::testing {

class PostgresCluster {
 public:
  // The role whose password is checked (scram-sha-256); every other role is trusted.
  static constexpr const char* kPasswordRole = "clonebench_password_role";
  static constexpr const char* kPassword = "right-horse-battery";

  PostgresCluster() {
    bin_ = binary_directory();
    make_directory();
    try {
      run_bounded({bin_ + "/initdb", "-D", data_dir(), "-A", "trust", "-U", "postgres", "--no-sync",
                   "-E", "UTF8"},
                  std::chrono::seconds(60), "initdb");
      write_access_rules();
      start_server();
      exec("postgres",
           std::string("CREATE ROLE ") + kPasswordRole + " LOGIN PASSWORD '" + kPassword + "'");
    } catch (...) {
      stop_and_remove();
      throw;
    }
  }
  ~PostgresCluster() { stop_and_remove(); }
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  const std::string& socket_directory() const { return directory_; }
  int port() const { return kPort; }
  pid_t server_pid() const { return server_; }

  // A libpq URL of `database` as `user` on this cluster's socket.
  std::string url(const std::string& database, const std::string& user = "postgres") const {
    return "postgresql:///" + database + "?host=" + directory_ + "&port=" + std::to_string(kPort) +
           "&user=" + user;
  }
  // A new empty database (clonebench_1, clonebench_2, ...); returns its URL.
  std::string create_database() {
    const std::string name = "clonebench_" + std::to_string(++databases_);
    exec("postgres", "CREATE DATABASE " + name);
    exec(name, std::string("GRANT ALL ON SCHEMA public TO ") + kPasswordRole);
    return url(name);
  }
  // Runs SQL as postgres; returns the first column of the first row ("" when none).
  std::string exec(const std::string& database, const std::string& sql) const {
    PGconn* connection = PQconnectdb((url(database) + "&connect_timeout=10").c_str());
    if (PQstatus(connection) != CONNECTION_OK) {
      const std::string message = PQerrorMessage(connection);
      PQfinish(connection);
      throw std::runtime_error("connect to the test cluster: " + message);
    }
    PGresult* result = PQexec(connection, sql.c_str());
    const ExecStatusType status = PQresultStatus(result);
    std::string value;
    if (status == PGRES_TUPLES_OK && PQntuples(result) > 0 && PQnfields(result) > 0) {
      value = PQgetvalue(result, 0, 0);
    }
    const std::string message = PQresultErrorMessage(result);
    PQclear(result);
    PQfinish(connection);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      throw std::runtime_error(sql + ": " + message);
    }
    return value;
  }

 private:
  // The socket lives in our private directory, so any port number is free.
  static constexpr int kPort = 5432;

  std::string data_dir() const { return directory_ + "/data"; }

  static std::string binary_directory() {
    if (const char* bin = std::getenv("CLONEBENCH_PG_BIN"); bin != nullptr && *bin != '\0') {
      return bin;
    }
    std::string newest;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", error)) {
      const std::string bin = entry.path().string() + "/bin";
      if (std::filesystem::exists(bin + "/postgres") && bin > newest) {
        newest = bin;
      }
    }
    if (newest.empty()) {
      throw std::runtime_error(
          "no PostgreSQL server in /usr/lib/postgresql/*/bin: install postgresql-15 "
          "(scripts/setup.sh --tests) or set CLONEBENCH_PG_BIN");
    }
    return newest;
  }

  void make_directory() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/clonebench-pg-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp " + pattern + " failed");
    }
    directory_ = pattern;
    if (::geteuid() == 0) {
      // initdb and the server refuse to run as root: they run as postgres, which owns the
      // directory (data and socket).
      const passwd* user = ::getpwnam("postgres");
      if (user == nullptr) {
        std::filesystem::remove_all(directory_);
        throw std::runtime_error("running as root, but there is no user postgres to run as");
      }
      postgres_uid_ = user->pw_uid;
      postgres_gid_ = user->pw_gid;
      if (::chown(directory_.c_str(), postgres_uid_, postgres_gid_) != 0) {
        std::filesystem::remove_all(directory_);
        throw std::runtime_error("chown " + directory_ + " failed");
      }
    }
  }

  // argv as the server's user: through setpriv when we are root, which also arranges SIGQUIT
  // for the program when this process dies.
  std::vector<std::string> as_server_user(const std::vector<std::string>& argv) const {
    if (::geteuid() != 0) {
      return argv;
    }
    std::vector<std::string> wrapped = {"/usr/bin/setpriv",
                                        "--reuid=" + std::to_string(postgres_uid_),
                                        "--regid=" + std::to_string(postgres_gid_),
                                        "--clear-groups",
                                        "--pdeathsig=SIGQUIT",
                                        "--"};
    wrapped.insert(wrapped.end(), argv.begin(), argv.end());
    return wrapped;
  }

  pid_t spawn(const std::vector<std::string>& argv, const std::string& log) const {
    const std::vector<std::string> full = as_server_user(argv);
    const pid_t pid = ::fork();
    if (pid < 0) {
      throw std::runtime_error("fork failed");
    }
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGQUIT);  // kept across exec when no credentials change
      std::vector<char*> args;
      for (const std::string& arg : full) {
        args.push_back(const_cast<char*>(arg.c_str()));
      }
      args.push_back(nullptr);
      if (std::freopen(log.c_str(), "a", stdout) == nullptr ||
          std::freopen(log.c_str(), "a", stderr) == nullptr) {
        ::_exit(127);
      }
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    return pid;
  }

  std::string log_tail(const std::string& log) const {
    std::ifstream file(log);
    std::stringstream text;
    text << file.rdbuf();
    const std::string all = text.str();
    return all.size() > 600 ? all.substr(all.size() - 600) : all;
  }

  void run_bounded(const std::vector<std::string>& argv, std::chrono::seconds bound,
                   const std::string& what) const {
    const std::string log = directory_ + "/" + what + ".log";
    const pid_t pid = spawn(argv, log);
    const auto deadline = std::chrono::steady_clock::now() + bound;
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        throw std::runtime_error(what + " did not finish in " + std::to_string(bound.count()) +
                                 " s: " + log_tail(log));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      throw std::runtime_error(what + " failed: " + log_tail(log));
    }
  }

  void write_access_rules() const {
    // Whole file, first match wins: the password role must prove itself, everyone else is
    // trusted on this private socket.
    std::ofstream rules(data_dir() + "/pg_hba.conf", std::ios::trunc);
    rules << "local all " << kPasswordRole << " scram-sha-256\n"
          << "local all all trust\n";
    if (!rules) {
      throw std::runtime_error("cannot write pg_hba.conf");
    }
  }

  void start_server() {
    const std::string log = directory_ + "/server.log";
    server_ = spawn({bin_ + "/postgres", "-D", data_dir(), "-k", directory_, "-p",
                     std::to_string(kPort), "-c", "listen_addresses=", "-c", "fsync=off", "-c",
                     "full_page_writes=off", "-c", "synchronous_commit=off", "-c",
                     "max_connections=40", "-c", "unix_socket_permissions=0777"},
                    log);
    const std::string ping = url("postgres") + "&connect_timeout=2";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (PQping(ping.c_str()) != PQPING_OK) {
      int status = 0;
      if (::waitpid(server_, &status, WNOHANG) == server_) {
        server_ = -1;
        throw std::runtime_error("the PostgreSQL server exited at start: " + log_tail(log));
      }
      if (std::chrono::steady_clock::now() > deadline) {
        throw std::runtime_error("the PostgreSQL server did not accept connections in 30 s: " +
                                 log_tail(log));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  }

  void stop_and_remove() noexcept {
    if (server_ > 0) {
      // SIGINT: fast shutdown (sessions are ended, nothing is written that we need).
      ::kill(server_, SIGINT);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
      while (::waitpid(server_, nullptr, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
          ::kill(server_, SIGKILL);
          ::waitpid(server_, nullptr, 0);
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      server_ = -1;
    }
    if (!directory_.empty()) {
      std::error_code ignored;
      std::filesystem::remove_all(directory_, ignored);
      directory_.clear();
    }
  }

  std::string bin_;
  std::string directory_;
  uid_t postgres_uid_ = 0;
  gid_t postgres_gid_ = 0;
  pid_t server_ = -1;
  int databases_ = 0;
};

// One cluster per test process, started by the first test that asks and stopped at exit.
inline PostgresCluster& shared_postgres_cluster() {
  static PostgresCluster cluster;
  return cluster;
}

}  // namespace clonebench::testing
