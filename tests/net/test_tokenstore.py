"""The joining side's token store: seat tokens per host and game, certificate pins, atomic and private."""

from __future__ import annotations

import os
import stat

import pytest

from tabletop.net.tokenstore import TokenStore, TokenStoreError, address_key, normal_fingerprint
from tabletop.net.userdir import ENV, user_dir

TOKEN = "Pdgf56uRX9mSCeejE4jcelu-"
FP = "ab" * 32


def test_user_dir_honours_the_env_var(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "home"))
    assert user_dir() == tmp_path / "home"
    assert (tmp_path / "home").is_dir()
    assert TokenStore().path == tmp_path / "home" / "hosts.yaml"


def test_address_keys():
    assert address_key("Example.LAN", 7531) == "example.lan:7531"
    assert address_key("::1", 7000) == "[::1]:7000"
    assert address_key("[fe80::1]", 1) == "[fe80::1]:1"


def test_fingerprints_normalised():
    assert normal_fingerprint("SHA256:" + ":".join(["AB"] * 32)) == FP
    with pytest.raises(ValueError):
        normal_fingerprint("abc")


def test_seats_per_host_and_game(tmp_path):
    s = TokenStore(tmp_path / "h.yaml")
    a, b = address_key("10.0.0.2", 7531), address_key("10.0.0.3", 7531)
    assert s.token(a, "g", 0) is None
    s.remember(a, "g", 0, TOKEN, name="ann")
    s.remember(a, "g", 1, TOKEN[::-1], name="bob")
    s.remember(a, "other", 0, "x" * 20)
    s.remember(b, "g", 0, "y" * 20)
    again = TokenStore(tmp_path / "h.yaml")
    assert again.token(a, "g", 0) == TOKEN
    assert [(e.seat, e.name) for e in again.seats(a, "g")] == [(0, "ann"), (1, "bob")]
    assert again.token(a, "other", 0) == "x" * 20 and again.token(b, "g", 0) == "y" * 20
    assert again.forget_seat(a, "g", 1) and not again.forget_seat(a, "g", 1)
    assert [e.seat for e in again.seats(a, "g")] == [0]
    with pytest.raises(ValueError):
        s.remember(a, "g", 0, "short")


def test_pins(tmp_path):
    s = TokenStore(tmp_path / "h.yaml")
    a = address_key("10.0.0.2", 7531)
    assert s.pin(a) is None
    s.set_pin(a, FP.upper())
    s.remember(a, "g", 0, TOKEN)
    assert s.pin(a) == FP and s.addresses() == [a]
    assert s.forget_pin(a) and s.pin(a) is None
    assert s.token(a, "g", 0) == TOKEN  # forgetting the pin keeps the seats
    s.set_pin(a, "cd" * 32)
    assert s.forget_host(a) and s.pin(a) is None and s.token(a, "g", 0) is None
    with pytest.raises(ValueError):
        s.set_pin(a, "not hex")


def test_file_is_private_and_whole(tmp_path):
    s = TokenStore(tmp_path / "h.yaml")
    s.remember("h:1", "g", 0, TOKEN)
    mode = stat.S_IMODE(os.stat(tmp_path / "h.yaml").st_mode)
    assert mode & 0o077 == 0
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_damaged_file_is_named_and_kept(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("hosts: [1, 2\n", encoding="utf-8")
    s = TokenStore(path)
    with pytest.raises(TokenStoreError, match="h.yaml"):
        s.pin("h:1")
    with pytest.raises(TokenStoreError):
        s.set_pin("h:1", FP)
    assert path.read_text(encoding="utf-8") == "hosts: [1, 2\n"  # never overwritten
    path.write_text("format: tabletop-known-hosts\nhosts:\n  h:1: {pin: nothex}\n", encoding="utf-8")
    with pytest.raises(TokenStoreError, match="pin"):
        s.pin("h:1")
