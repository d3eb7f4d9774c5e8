//===- RedisStore.cpp - the remote tier on a Redis server -----------------===//
//
// Through hiredis (Debian's libhiredis), synchronously: a compile asks for
// one value before it starts and sets at most one after it finishes, so
// there is nothing to overlap. A server that is down or slow costs one
// connect timeout or one request timeout, a single warning, and then the
// remote is off for the rest of the process: the compile goes on locally
// and never fails for the cache's sake.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cerrno>
#include <hiredis/hiredis.h>
#include <sys/time.h>

using namespace llvm;
using namespace tilechain::driver;

namespace {

/// Connecting on a LAN takes well under a millisecond; a server that has not
/// answered by then is down or overloaded.
constexpr timeval kConnectTimeout = {0, 250000};
/// A GET or SET of the largest entry (64 MiB) on a 1 Gb/s link.
constexpr timeval kRequestTimeout = {1, 0};

struct RedisAddress {
  std::string host;
  int port = 6379;
  std::string password;
  unsigned database = 0;
};

std::optional<RedisAddress> parseUrl(StringRef url, std::string &error) {
  RedisAddress address;
  StringRef rest = url;
  if (!rest.consume_front("redis://")) {
    error = "'" + url.str() + "' is not a redis://HOST:PORT address";
    return std::nullopt;
  }
  auto [authority, path] = rest.split('/');
  if (authority.contains('@')) {
    auto [credentials, hostPort] = authority.rsplit('@');
    address.password = credentials.split(':').second.str();
    authority = hostPort;
  }
  auto [host, port] = authority.rsplit(':');
  if (!authority.contains(':'))
    port = "";
  address.host = host.str();
  if (address.host.empty() ||
      (!port.empty() && (port.getAsInteger(10, address.port) ||
                         address.port <= 0 || address.port > 65535)) ||
      (!path.empty() && path.getAsInteger(10, address.database))) {
    error = "'" + url.str() +
            "' is not a redis://[:PASSWORD@]HOST[:PORT][/DB] address";
    return std::nullopt;
  }
  return address;
}

class RedisStore final : public RemoteStore {
public:
  explicit RedisStore(RedisAddress address) : address(std::move(address)) {}
  ~RedisStore() override {
    if (context)
      redisFree(context);
  }

  std::optional<std::string> get(StringRef key, bool &failed) override {
    failed = false;
    if (disabled)
      return std::nullopt;
    redisReply *reply = request({"GET", key});
    if (!reply) {
      failed = true;
      return std::nullopt;
    }
    std::optional<std::string> value;
    if (reply->type == REDIS_REPLY_STRING)
      value = std::string(reply->str, reply->len);
    else if (reply->type != REDIS_REPLY_NIL)
      failed = !accepted(reply);
    freeReplyObject(reply);
    return value;
  }

  bool put(StringRef key, StringRef value, bool replace) override {
    if (disabled)
      return true;
    // NX: the first writer's entry stays; a racing writer's bytes are the
    // same, since the key names everything that decides them.
    redisReply *reply = replace ? request({"SET", key, value})
                                : request({"SET", key, value, "NX"});
    if (!reply)
      return false;
    bool ok = accepted(reply);
    freeReplyObject(reply);
    return ok;
  }

  bool acquireLease(StringRef key, StringRef token,
                    unsigned milliseconds) override {
    std::string ttl = std::to_string(milliseconds);
    redisReply *reply = request({"SET", key, token, "NX", "PX", ttl});
    if (!reply)
      return false;
    // A status reply (OK) when set; nil when another machine holds it.
    bool set = accepted(reply) && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    return set;
  }

  bool exists(StringRef key) override {
    redisReply *reply = request({"EXISTS", key});
    if (!reply)
      return false;
    bool found = reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
    freeReplyObject(reply);
    return found;
  }

  void releaseLease(StringRef key, StringRef token) override {
    // Compare and delete in one step: a lease that expired and was taken by
    // another machine is not ours to delete.
    static constexpr StringLiteral kRelease =
        "if redis.call('get', KEYS[1]) == ARGV[1] then "
        "return redis.call('del', KEYS[1]) else return 0 end";
    if (redisReply *reply = request({"EVAL", kRelease, "1", key, token}))
      freeReplyObject(reply);
  }

  bool usable() const override { return !disabled; }

  std::string describe() const override {
    return ("redis://" + address.host + ":" + Twine(address.port) +
            (address.database ? "/" + Twine(address.database) : Twine()))
        .str();
  }

private:
  /// The reply to one command; none after a failure (reported once).
  redisReply *request(ArrayRef<StringRef> words) {
    if (disabled || !connect())
      return nullptr;
    redisReply *reply = send(words);
    if (!reply)
      fail(context->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK)
               ? "no reply within " + std::to_string(kRequestTimeout.tv_sec) + " s"
               : std::string(context->errstr[0] ? context->errstr : "no reply"));
    return reply;
  }

  redisReply *send(ArrayRef<StringRef> words) {
    SmallVector<const char *> argv;
    SmallVector<size_t> lengths;
    for (StringRef word : words) {
      argv.push_back(word.data());
      lengths.push_back(word.size());
    }
    return static_cast<redisReply *>(redisCommandArgv(
        context, static_cast<int>(argv.size()), argv.data(), lengths.data()));
  }

  bool connect() {
    if (context)
      return true;
    context = redisConnectWithTimeout(address.host.c_str(), address.port,
                                      kConnectTimeout);
    if (!context || context->err) {
      fail(context ? context->errstr : "cannot allocate a connection");
      return false;
    }
    redisSetTimeout(context, kRequestTimeout);
    auto setUp = [&](ArrayRef<StringRef> words) {
      redisReply *reply = send(words);
      bool ok = reply && reply->type != REDIS_REPLY_ERROR;
      if (!ok)
        fail(reply ? std::string(reply->str, reply->len)
                   : std::string(context->errstr));
      if (reply)
        freeReplyObject(reply);
      return ok;
    };
    if (!address.password.empty() && !setUp({"AUTH", address.password}))
      return false;
    std::string database = std::to_string(address.database);
    return !address.database || setUp({"SELECT", database});
  }

  /// False, reported as a failure, for an error reply (out of memory, a
  /// read-only replica); true for any other reply.
  bool accepted(redisReply *reply) {
    if (reply->type != REDIS_REPLY_ERROR)
      return true;
    fail(std::string(reply->str, reply->len));
    return false;
  }

  void fail(const std::string &why) {
    if (!disabled)
      reportError("warning: remote cache " + describe() + ": " + why +
                  "; compiling without it");
    disabled = true;
    if (context) {
      redisFree(context);
      context = nullptr;
    }
  }

  RedisAddress address;
  redisContext *context = nullptr;
  bool disabled = false;
};

} // namespace

std::unique_ptr<RemoteStore> tilechain::driver::openRedis(StringRef url,
                                                          std::string &error) {
  std::optional<RedisAddress> address = parseUrl(url, error);
  if (!address)
    return nullptr;
  return std::make_unique<RedisStore>(std::move(*address));
}
