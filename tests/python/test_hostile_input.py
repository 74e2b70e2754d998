"""Hostile input: values nested deep or containing themselves, special files for every file argument,
paths as bytes and os.PathLike, messages quoting invalid UTF-8, and comparisons with other types."""

import pytest

import spare_studio as ss


def test_a_message_quoting_invalid_utf8_keeps_its_place(tmp_path):
    log = tmp_path / "bad.csv"
    log.write_bytes(b"time,cause\n2024-01-01T00:00:00,a\n\xff\xfe-bad,b\n")
    with pytest.raises(ValueError) as error:
        ss.fit(log, "time", bootstrap=0)
    message = str(error.value)
    assert "line 3, column 1 (time)" in message and "\\xff\\xfe-bad" in message
