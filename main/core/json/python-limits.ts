/**
 * Limits CPython 3.11 applies while reading JSON, which our `loads` mirrors so it refuses exactly what CPython refuses.
 */

/**
 * `sys.get_int_max_str_digits()` default (CPython 3.11, CVE-2020-10735): `int()` of a decimal string with more digits
 * raises ValueError, so `json.loads` refuses an integer literal longer than this (the sign does not count), and
 * `json.dumps` refuses to write such an int.
 */
export const PYTHON_INT_MAX_STR_DIGITS = 4300;

/**
 * The deepest nesting CPython 3.11's C scanner accepts when `json.loads` is called from a script's top level.
 *
 * Each `[` or `{` costs one step of the interpreter's recursion budget (`Py_EnterRecursiveCall`, limit 1000), which
 * also pays for the Python frames on the caller's stack: the script itself plus `loads`, `decode` and `raw_decode`.
 * Measured on CPython 3.11.7: depth 995 loads, 996 raises RecursionError; `json.dumps` has the same edge. A caller
 * deeper in a call stack gets less (one level per frame), so 995 is the most any CPython caller gets from `json.loads`:
 * refusing beyond it never refuses a document CPython accepts.
 */
export const CPYTHON_MAX_DEPTH = 995;
