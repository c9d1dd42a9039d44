"""Low-level helpers for the heuristics' hot loops."""

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def load_word(typingctx, array, index):
    """Bytes 8 * index to 8 * index + 7 of a contiguous uint8 array as one uint64 (no bounds
    check). `array.view(np.uint64)` does the same but costs tens of nanoseconds a call."""
    sig = types.uint64(array, types.intp)

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        words = builder.bitcast(data, ir.IntType(64).as_pointer())
        word = builder.load(builder.gep(words, [args[1]]))
        word.align = 1
        return word

    return sig, codegen


@intrinsic
def copy_range(typingctx, a, a_start, b, b_start, count):
    """b[b_start:b_start + count] = a[a_start:a_start + count] (contiguous arrays of one dtype,
    not overlapping): libc's memcpy, no bounds check."""
    sig = types.void(a, types.intp, b, types.intp, types.intp)

    def codegen(context, builder, signature, args):
        item = context.get_abi_sizeof(context.get_data_type(signature.args[0].dtype))
        src = context.make_array(signature.args[0])(context, builder, args[0]).data
        dst = context.make_array(signature.args[2])(context, builder, args[2]).data
        cgutils.raw_memcpy(builder, builder.gep(dst, [args[3]]), builder.gep(src, [args[1]]),
                           args[4], item)
        return context.get_dummy_value()

    return sig, codegen
