"""TLS between machines: the host's certificate (made once, kept beside the user's settings) and its fingerprint.

A host that listens on any address that is not loopback serves `wss://` with a self-signed certificate it makes
the first time (an EC P-256 key, `host-cert.pem` / `host-key.pem` in the user's tabletop folder, net/userdir.py),
or with the user's own (`--cert/--key`). Players check it by its fingerprint, the SHA-256 of the certificate's DER
bytes in hex, which the invite code carries; a client pins it the first time (net/tokenstore.py) and refuses a
changed one, as SSH does. The certificate is made with the `cryptography` package, or the `openssl` command where
that package is missing.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import NetError

__all__ = ["HostCert", "CertificateChanged", "changed_message", "client_context", "fingerprint_of", "host_certificate",
           "is_loopback", "pretty_fingerprint", "server_context"]

CERT_FILE = "host-cert.pem"
KEY_FILE = "host-key.pem"
#: the self-signed certificate's life; a new one (and fingerprint) is made when it has run out
CERT_DAYS = 3650


class CertificateChanged(NetError):
    """The host showed a certificate other than the one pinned for its address (or given in the invite)."""


@dataclass(frozen=True, slots=True)
class HostCert:
    """A certificate and key on disk, and the certificate's SHA-256 fingerprint (64 hex digits)."""

    cert: Path
    key: Path
    fingerprint: str


def changed_message(address: str, expected: str, seen: str, from_invite: bool) -> str:
    """What a client says when a host shows another certificate than expected (as SSH does)."""
    where = "the invite code gives" if from_invite else "was pinned the first time you joined"
    return (f"the certificate of {address} has CHANGED: someone may be listening in between (or the host made a "
            f"new certificate). Expected SHA256 {pretty_fingerprint(expected)} ({where}); shown "
            f"SHA256 {pretty_fingerprint(seen)}. Nothing was sent. If the host confirms its new fingerprint, "
            f"join with its new invite code, or forget the old one: tabletop join --forget-host {address}")


def fingerprint_of(der: bytes) -> str:
    """The fingerprint players compare: SHA-256 of the DER certificate, 64 lower-case hex digits."""
    return hashlib.sha256(der).hexdigest()


def pretty_fingerprint(fp: str) -> str:
    """A fingerprint in pairs of hex digits joined by colons (as browsers and openssl show one)."""
    return ":".join(fp[i:i + 2] for i in range(0, len(fp), 2)).upper()


def is_loopback(host: str) -> bool:
    """Whether `host` (an address or a name) means this machine only: `localhost`, 127.0.0.0/8, ::1."""
    h = host.strip().strip("[]").lower().rstrip(".")
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h.split("%")[0]).is_loopback
    except ValueError:
        return False


def _pem_fingerprint(cert: Path) -> str:
    try:
        pem = cert.read_text(encoding="ascii")
        return fingerprint_of(ssl.PEM_cert_to_DER_cert(pem))
    except (OSError, ValueError, UnicodeDecodeError) as e:
        raise NetError(f"{cert}: not a PEM certificate: {e}") from None


def host_certificate(cert: str | os.PathLike[str] | None = None, key: str | os.PathLike[str] | None = None,
                     folder: Path | None = None) -> HostCert:
    """The host's certificate: the user's own (`cert` and `key`), or the one kept in the user's tabletop folder,
    made now when there is none yet (or it has expired). Raises NetError with what is wrong."""
    if (cert is None) != (key is None):
        raise NetError("--cert and --key go together (a certificate and its private key, PEM files)")
    if cert is not None and key is not None:
        c, k = Path(cert), Path(key)
        for p in (c, k):
            if not p.is_file():
                raise NetError(f"{p}: no such file")
        found = HostCert(c, k, _pem_fingerprint(c))
        server_context(found)  # a key that does not match the certificate is said now, not at the first join
        return found
    if folder is None:
        from .userdir import user_dir

        folder = user_dir()
    c, k = folder / CERT_FILE, folder / KEY_FILE
    if c.is_file() and k.is_file() and not _expired(c):
        return HostCert(c, k, _pem_fingerprint(c))
    _make_certificate(c, k)
    return HostCert(c, k, _pem_fingerprint(c))


def _expired(cert: Path) -> bool:
    try:
        from cryptography import x509
    except ImportError:  # openssl checks it when the context loads it
        return False
    try:
        loaded = x509.load_pem_x509_certificate(cert.read_bytes())
    except (OSError, ValueError):
        return True
    return loaded.not_valid_after_utc <= datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=1)


def _make_certificate(cert: Path, key: Path) -> None:
    """Make a self-signed certificate and key, each written whole (a temporary file renamed), the key private."""
    cert.parent.mkdir(parents=True, exist_ok=True)
    try:
        cert_pem, key_pem = _with_cryptography()
    except ImportError:
        cert_pem, key_pem = _with_openssl()
    from ..store import atomic_write

    try:
        atomic_write(key, key_pem.decode("ascii"))  # mkstemp: readable by this user only
        atomic_write(cert, cert_pem.decode("ascii"))
    except OSError as e:
        raise NetError(f"cannot keep the host's certificate in {cert.parent}: {e.strerror or e}") from None


def _subject_name() -> str:
    return f"tabletop host {socket.gethostname()}"[:64]


def _with_cryptography() -> tuple[bytes, bytes]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, _subject_name())])
    now = datetime.datetime.now(datetime.UTC)
    built = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(private.public_key())
             .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
             .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
             .sign(private, hashes.SHA256()))
    key_pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
    return built.public_bytes(serialization.Encoding.PEM), key_pem


def _with_openssl() -> tuple[bytes, bytes]:
    exe = shutil.which("openssl")
    if exe is None:
        raise NetError("cannot make the host's certificate: install the `cryptography` package (or openssl), "
                       "or give your own with --cert/--key")
    with tempfile.TemporaryDirectory() as tmp:
        c, k = Path(tmp) / "c.pem", Path(tmp) / "k.pem"
        done = subprocess.run([exe, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                               "-nodes", "-keyout", str(k), "-out", str(c), "-days", str(CERT_DAYS),
                               "-subj", "/CN=" + _subject_name().replace("/", "-")],
                              capture_output=True, text=True, timeout=60, check=False)
        if done.returncode != 0:
            raise NetError(f"openssl could not make the host's certificate: {done.stderr.strip()[-300:]}")
        return c.read_bytes(), k.read_bytes()


def server_context(cert: HostCert) -> ssl.SSLContext:
    """The host's TLS context (TLS 1.2 at least). Raises NetError when the files do not make a pair."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(cert.cert, cert.key)
    except (OSError, ssl.SSLError) as e:
        raise NetError(f"{cert.cert} / {cert.key}: cannot use this certificate and key: {e}") from None
    return ctx


def client_context() -> ssl.SSLContext:
    """The joining side's TLS context: no certificate authority is asked; the certificate is checked by its
    fingerprint against the pin (`Link`), before a byte of the handshake's request is sent."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx
