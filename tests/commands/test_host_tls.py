"""`tabletop host` takes the TLS options `serve` takes: a certificate of one's own, or TLS forced on loopback."""

from __future__ import annotations

from tabletop.cli import main
from tabletop.net.tls import _make_certificate, _pem_fingerprint


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["host", "--headless", "--frames", "1", "--bind", "127.0.0.1", "--port", "0", "--no-announce", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_host_serves_a_certificate_of_ones_own_and_prints_its_fingerprint(tmp_path, capsys):
    cert, key = tmp_path / "mine.pem", tmp_path / "mine.key"
    _make_certificate(cert, key)
    code, out, _ = _run(capsys, "--cert", str(cert), "--key", str(key), "--autosave", str(tmp_path / "a.yaml"))
    assert code == 0
    fp = _pem_fingerprint(cert)
    assert f"fingerprint: {fp}" in out and f"fp={fp}" in out  # printed, and in the invite code players paste


def test_host_on_loopback_is_plain_unless_tls_is_asked_for(tmp_path, capsys):
    code, out, _ = _run(capsys, "--autosave", str(tmp_path / "a.yaml"))
    assert code == 0 and "plain ws://" in out
    code, out, _ = _run(capsys, "--tls", "--autosave", str(tmp_path / "b.yaml"))
    assert code == 0 and "TLS certificate SHA-256 fingerprint" in out


def test_a_certificate_that_is_not_there_is_named_and_nothing_is_hosted(tmp_path, capsys):
    code, out, err = _run(capsys, "--cert", str(tmp_path / "nope.pem"), "--key", str(tmp_path / "nope.key"))
    assert code == 2 and "nope.pem" in err and "hosting" not in out
