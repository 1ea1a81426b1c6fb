// __x86_return_thunk for the variants compiled with -mfunction-return=thunk-extern, shaped like
// the kernel's SRSO "safe RET" (docs/model.md, "Return thunks and SRSO safe RET"): the call
// pushes a return address onto the stack and the return stack buffer, the lea discards it from
// the stack only, so the final ret goes to the real caller while the CPU predicted the ud2.
// Every return mispredicts, as the kernel's commit text says of this mitigation. Written from
// that description.

asm(R"(
    .text
    .globl __x86_return_thunk
    .type __x86_return_thunk, @function
    .p2align 6
__x86_return_thunk:
    call 1f
    ud2
1:
    lea 8(%rsp), %rsp
    ret
    int3
    .size __x86_return_thunk, . - __x86_return_thunk
)");
