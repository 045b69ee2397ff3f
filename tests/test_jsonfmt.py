# tools/jsonfmt.py's reader against CPython's json module on valid JSON: the fast paths (a
# plain string found by find(), a number read digit by digit, whitespace skipped only where
# there is some) read the same values as the careful path. Errors: tests/test_bad_input.py,
# on both interpreters.
import json

from tools import jsonfmt

TEXTS = [
    '{"game": "oanquan", "n": [0, 5, -7, 12, 123456789012, -0], "s": "", "t": true}',
    '{"a":1,"b":[1,2,{"c":null}],"d":false}',
    ' \t\n{ "a" : [ 1 , -2 ,3 ] ,\r\n "b" : "x y" } \n',
    '["esc \\" \\\\ \\/ and \\u0041", "' + "k" * 200 + '", "~!@#$%^&*()_+{}|:<>?"]',
    '[[], {}, [[-1]], "", 0]',
]


def test_the_reader_reads_what_json_reads():
    for t in TEXTS:
        assert jsonfmt.parse(t.encode()) == json.loads(t), t


def test_hex_lists_come_back_as_bytes_and_are_written_back_as_hex():
    t = b'{"history": ["00ff10", "abc", "0a"], "x": ["00"]}'
    v = jsonfmt.parse(t, ("history",))
    assert v["history"] == [bytearray(b"\x00\xff\x10"), "abc", bytearray(b"\x0a")]
    assert v["x"] == ["00"]
    assert jsonfmt.dumps({"history": v["history"]}) == '{"history": ["00ff10", "abc", "0a"]}'


def test_a_string_one_past_the_limit_is_refused_on_every_path():
    for s in ("k" * 201, "\\u0041" + "k" * 200):
        try:
            jsonfmt.parse(('["%s"]' % s).encode())
        except jsonfmt.JSONError as e:
            assert "longer than 200" in str(e)
        else:
            raise AssertionError("accepted a string of more than 200 characters")


def test_a_long_number_is_refused_without_growing_a_big_int():
    # 30 000 digits: refused as too long, as before the reader read numbers digit by digit (a
    # value grown digit by digit would take quadratic time first)
    for digits in ("7" * 13, "7" * 30000):
        try:
            jsonfmt.parse(("[%s]" % digits).encode())
        except jsonfmt.JSONError as e:
            assert "longer than 12 digits" in str(e)
        else:
            raise AssertionError("accepted a number of %d digits" % len(digits))
    assert jsonfmt.parse(b"[999999999999, -999999999999]") == [999999999999, -999999999999]
