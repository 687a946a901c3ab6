"""A process on a kernel without IPv6 (a Pi booted with `ipv6.disable=1`): every IPv6 socket
refused by the kernel with EAFNOSUPPORT, as such a kernel refuses it, through a seccomp
filter (libseccomp) on socket(2) for AF_INET6. IPv4 and everything else work as before.

    python tests/no_ipv6.py run --simulate ...   # `companion ...` in such a process

Exits with `UNSUPPORTED` when the filter cannot be set (no libseccomp, seccomp not allowed):
the test then skips, it has not seen a kernel without IPv6.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import socket
import sys

UNSUPPORTED = 77
ALLOW = 0x7FFF0000  # SCMP_ACT_ALLOW
ERRNO = 0x00050000  # SCMP_ACT_ERRNO(0): the errno is its low 16 bits
COMPARE_EQUAL = 4  # SCMP_CMP_EQ


class _ArgCompare(ctypes.Structure):  # struct scmp_arg_cmp
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int),
                ("datum_a", ctypes.c_uint64), ("datum_b", ctypes.c_uint64)]


def refuse_ipv6() -> bool:
    """From now on this process's (and its later threads') IPv6 sockets are refused with
    EAFNOSUPPORT; False where no filter could be set."""
    name = ctypes.util.find_library("seccomp")
    if name is None:
        return False
    lib = ctypes.CDLL(name, use_errno=True)
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                           ctypes.c_uint, ctypes.POINTER(_ArgCompare)]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    context = lib.seccomp_init(ALLOW)
    if not context:
        return False
    try:
        family = (_ArgCompare * 1)(_ArgCompare(0, COMPARE_EQUAL, socket.AF_INET6, 0))
        return (lib.seccomp_rule_add_array(context, ERRNO | errno.EAFNOSUPPORT,
                                           lib.seccomp_syscall_resolve_name(b"socket"), 1,
                                           family) == 0
                and lib.seccomp_load(context) == 0)
    finally:
        lib.seccomp_release(context)


def main(argv: list[str]) -> int:
    if not refuse_ipv6():
        return UNSUPPORTED
    try:
        socket.socket(socket.AF_INET6, socket.SOCK_STREAM).close()
    except OSError as exc:
        if exc.errno != errno.EAFNOSUPPORT:
            return UNSUPPORTED
    else:
        return UNSUPPORTED  # the filter did not take
    from companion.start import main as companion

    return companion(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
