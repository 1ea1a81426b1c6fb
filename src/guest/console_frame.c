/* The guest's side of the console framing (console_frame.h). No stdio: the init is static and
 * small, so numbers are formatted by hand. */
#include "console_frame.h"

#include <string.h>

uint32_t console_crc32(uint32_t crc, const unsigned char* data, size_t length) {
  crc = ~crc;
  for (size_t i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
  }
  return ~crc;
}

static size_t put_text(char* out, const char* text) {
  const size_t length = strlen(text);
  memcpy(out, text, length);
  return length;
}

static size_t put_decimal(char* out, unsigned long long value) {
  char digits[24];
  size_t count = 0;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (size_t i = 0; i < count; ++i) {
    out[i] = digits[count - 1 - i];
  }
  return count;
}

static size_t put_hex32(char* out, uint32_t value) {
  static const char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 8; ++i) {
    out[i] = kHex[(value >> (28 - 4 * i)) & 0xF];
  }
  return 8;
}

static size_t put_base64(char* out, const unsigned char* data, size_t length) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t written = 0;
  for (size_t i = 0; i < length; i += 3) {
    const unsigned a = data[i];
    const unsigned b = i + 1 < length ? data[i + 1] : 0;
    const unsigned c = i + 2 < length ? data[i + 2] : 0;
    const unsigned triple = (a << 16) | (b << 8) | c;
    out[written++] = kAlphabet[(triple >> 18) & 63];
    out[written++] = kAlphabet[(triple >> 12) & 63];
    out[written++] = i + 1 < length ? kAlphabet[(triple >> 6) & 63] : '=';
    out[written++] = i + 2 < length ? kAlphabet[triple & 63] : '=';
  }
  return written;
}

static int all_zero(const unsigned char* data, size_t length) {
  for (size_t i = 0; i < length; ++i) {
    if (data[i] != 0) {
      return 0;
    }
  }
  return 1;
}

/* "<tag><kind> <index> ": how a record line and an end line begin. */
static size_t put_frame_head(char* out, const char* tag, const char* kind, unsigned index) {
  size_t n = put_text(out, tag);
  n += put_text(out + n, kind);
  out[n++] = ' ';
  n += put_decimal(out + n, index);
  out[n++] = ' ';
  return n;
}

void console_frame_message(const char* kind, unsigned index, const unsigned char* data,
                           size_t length, int skip_zero_blocks,
                           void (*emit)(const char* text, size_t length, void* context),
                           void* context) {
  char line[128 + kConsoleBlockBytes * 2];
  for (size_t offset = 0; offset < length; offset += kConsoleBlockBytes) {
    const size_t block =
        length - offset < kConsoleBlockBytes ? length - offset : kConsoleBlockBytes;
    if (skip_zero_blocks && all_zero(data + offset, block)) {
      continue;
    }
    size_t n = put_frame_head(line, "CBREC1 ", kind, index);
    n += put_decimal(line + n, offset);
    line[n++] = ' ';
    n += put_decimal(line + n, block);
    line[n++] = ' ';
    n += put_hex32(line + n, console_crc32(0, data + offset, block));
    line[n++] = ' ';
    n += put_base64(line + n, data + offset, block);
    line[n++] = '\n';
    emit(line, n, context);
  }
  size_t n = put_frame_head(line, "CBEND1 ", kind, index);
  n += put_decimal(line + n, length);
  line[n++] = ' ';
  n += put_hex32(line + n, console_crc32(0, data, length));
  line[n++] = '\n';
  emit(line, n, context);
}
