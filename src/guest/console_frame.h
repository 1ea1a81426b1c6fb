/* The framing of what the guest's init sends back over the serial console, shared by the init
 * (guest/init.c) and, for its tests, the host's decoder (kernels/console_frames.hpp). The console
 * also carries the kernel's own messages, which can land between or inside our lines, so every
 * message is cut into short blocks, one line each:
 *
 *   CBREC1 <kind> <index> <offset> <length> <crc32 of the block, 8 hex> <block in base64>
 *   CBEND1 <kind> <index> <total length> <crc32 of the whole message, 8 hex>
 *
 * kind is a word (env, page, exit), index the run number (0 for env). Blocks of a page that are
 * all zero bytes are not sent (the worker page is mostly zeros); the receiver starts from zeros.
 * A block whose line was damaged fails its CRC and is dropped; the message is then incomplete
 * and its whole-message CRC fails, so damage is detected, never misread. CRC-32 is the IEEE
 * polynomial (zlib's crc32). docs/kernels.md describes the protocol. */
#ifndef CLONEBENCH_GUEST_CONSOLE_FRAME_H
#define CLONEBENCH_GUEST_CONSOLE_FRAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { kConsoleBlockBytes = 192 };

uint32_t console_crc32(uint32_t crc, const unsigned char* data, size_t length);

/* Writes the lines of one message with `emit(text, length, context)`; skips all-zero blocks when
 * `skip_zero_blocks`. Lines end with "\n". */
void console_frame_message(const char* kind, unsigned index, const unsigned char* data,
                           size_t length, int skip_zero_blocks,
                           void (*emit)(const char* text, size_t length, void* context),
                           void* context);

#ifdef __cplusplus
}
#endif

#endif
