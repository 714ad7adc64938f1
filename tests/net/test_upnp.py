"""NAT help over UPnP IGD: against a real router (Debian's miniupnpd) in network namespaces this test makes itself
("LAN" - "router" - "WAN", no link to anything else), `tabletop serve --upnp` gets its port mapped, a client on the
WAN side joins through the mapped address, and the mapping is gone once the host stops; with no router, a clear
message in a moment. Nothing is sent off this machine: the searches go to loopback or inside the namespaces.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tabletop.net.upnp import NatError, PortMapper, by_hand, find_router, mapped_address

from .test_processes import ROOT, Proc


def test_no_router_is_told_quickly_with_what_to_forward_by_hand() -> None:
    """A search nobody answers (sent to a loopback port, not to the LAN) ends in about its timeout with a message
    that says what was missing and exactly what to forward instead."""
    async def main() -> tuple[str, float]:
        with pytest.raises(NatError, match="no router answered a UPnP search within 1 s"):
            await find_router(1.0, "127.0.0.1", ("127.0.0.1", 9))
        mapper = PortMapper(timeout=1.0)
        start = time.monotonic()
        told = await mapper.start(7531, "127.0.0.1")
        return told, time.monotonic() - start

    told, _ = asyncio.run(main())
    assert "listens on 127.0.0.1 only" in told and "nothing to forward" in told
    assert by_hand(7531, "192.168.1.20") == (
        "to let players outside your network join, forward TCP port 7531 on your router to this machine, "
        "192.168.1.20:7531, and share your public address (your router's page, or any 'what is my IP' page, "
        "names it) with :7531")


def test_the_hosts_hook_tells_the_outcome_as_a_host_event_and_maps_nothing_on_loopback() -> None:
    from tabletop.game import quick_table
    from tabletop.net.host import Host

    events: list = []

    async def main() -> None:
        host = Host(quick_table(seed=1), bind="127.0.0.1", port=0, on_event=events.append)
        host.upnp = True
        await host.start()
        try:
            assert mapped_address(host) is None
        finally:
            await host.close()

    asyncio.run(main())
    told = [ev.text for ev in events if ev.kind == "upnp"]
    assert told == ["UPnP: the game listens on 127.0.0.1 only, which no other machine reaches: nothing to forward"]


# -- a real IGD in namespaces --

CLIENT = """
import asyncio, sys
from tabletop.net.client import Client
async def main():
    c = Client(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None, seat=0, reconnect=False)
    await c.connect(10)
    print("welcomed", c.protocol.seat, flush=True)
    await c.close()
asyncio.run(main())
"""

RULES = """table inet filter {
  chain forward { type filter hook forward priority 0; policy accept; jump miniupnpd; }
  chain miniupnpd { }
  chain prerouting { type nat hook prerouting priority -100; policy accept; jump prerouting_miniupnpd; }
  chain postrouting { type nat hook postrouting priority 100; policy accept; jump postrouting_miniupnpd; }
  chain prerouting_miniupnpd { }
  chain postrouting_miniupnpd { }
}
"""


def _run(*args: str) -> None:
    subprocess.run(args, check=True, capture_output=True, text=True, timeout=30)


class Namespaces:
    """LAN 192.168.77.0/24 behind a router whose WAN side is 11.22.33.1/24 (isolated: the namespaces link only to
    each other), miniupnpd on the router."""

    def __init__(self, tmp: Path) -> None:
        self.tag = f"tt{os.getpid() % 100000}"
        self.lan, self.rtr, self.wan = (f"{self.tag}{n}" for n in ("lan", "rtr", "wan"))
        self.tmp = tmp
        self.made: list[str] = []
        self.daemon: subprocess.Popen[str] | None = None

    def make(self) -> None:
        t = self.tag
        for ns in (self.lan, self.rtr, self.wan):
            _run("ip", "netns", "add", ns)
            self.made.append(ns)
            _run("ip", "-n", ns, "link", "set", "lo", "up")
        for a, b, left, right in ((f"{t}a", f"{t}b", self.rtr, self.lan), (f"{t}c", f"{t}d", self.rtr, self.wan)):
            _run("ip", "link", "add", a, "type", "veth", "peer", "name", b)
            _run("ip", "link", "set", a, "netns", left)
            _run("ip", "link", "set", b, "netns", right)
        for ns, dev, addr in ((self.rtr, f"{t}a", "192.168.77.1/24"), (self.lan, f"{t}b", "192.168.77.2/24"),
                              (self.rtr, f"{t}c", "11.22.33.1/24"), (self.wan, f"{t}d", "11.22.33.2/24")):
            _run("ip", "-n", ns, "addr", "add", addr, "dev", dev)
            _run("ip", "-n", ns, "link", "set", dev, "up")
        _run("ip", "-n", self.lan, "route", "add", "default", "via", "192.168.77.1")
        # the WAN side reaches the router too, which answers no search there: a network without an IGD
        _run("ip", "-n", self.wan, "route", "add", "default", "via", "11.22.33.1")
        _run("ip", "netns", "exec", self.rtr, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        rules = self.tmp / "rules.nft"
        rules.write_text(RULES)
        _run("ip", "netns", "exec", self.rtr, "nft", "-f", str(rules))

    def start_router(self) -> None:
        conf = self.tmp / "miniupnpd.conf"
        conf.write_text("\n".join([
            f"ext_ifname={self.tag}c", f"listening_ip={self.tag}a", "http_port=0", "enable_upnp=yes",
            "enable_natpmp=no", "secure_mode=yes", "system_uptime=yes", f"uuid={uuid.uuid4()}",
            "upnp_table_name=filter", "upnp_nat_table_name=filter", f"lease_file={self.tmp / 'leases'}",
            "allow 1024-65535 192.168.77.0/24 1024-65535", "deny 0-65535 0.0.0.0/0 0-65535", ""]))
        self.daemon = subprocess.Popen(["ip", "netns", "exec", self.rtr, "miniupnpd", "-d", "-f", str(conf),
                                        "-P", str(self.tmp / "miniupnpd.pid")],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.daemon.stdout is not None
        end = time.monotonic() + 15
        while time.monotonic() < end:
            line = self.daemon.stdout.readline()
            if "HTTP listening" in line:
                return
            if not line and self.daemon.poll() is not None:
                break
        raise AssertionError("miniupnpd did not start")

    def mappings(self) -> str:
        out = subprocess.run(["ip", "netns", "exec", self.rtr, "nft", "list", "chain", "inet", "filter",
                              "prerouting_miniupnpd"], capture_output=True, text=True, timeout=30)
        return out.stdout

    def close(self) -> None:
        if self.daemon is not None and self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGTERM)
            try:
                self.daemon.wait(10)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
                self.daemon.wait(10)
        for ns in self.made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=30)


def _skip_without_namespaces() -> None:
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("needs root on Linux to make network namespaces")
    for tool in ("ip", "nft", "miniupnpd"):
        if shutil.which(tool) is None:
            pytest.skip(f"needs {tool} (apt-get install iproute2 nftables miniupnpd)")


def _serve(ns: str, save: Path, port: int) -> Proc:
    return Proc(["ip", "netns", "exec", ns, sys.executable, "-m", "tabletop", "serve", "--upnp", "--no-announce",
                 "--port", str(port), "--autosave", str(save)])


@pytest.mark.slow
def test_a_real_router_maps_the_port_a_client_joins_through_it_and_it_is_removed_on_exit(tmp_path: Path) -> None:
    _skip_without_namespaces()
    net = Namespaces(tmp_path)
    procs: list[Proc] = []
    try:
        try:
            net.make()
        except subprocess.CalledProcessError as e:
            pytest.skip(f"cannot make network namespaces here: {e.stderr.strip()[:200]}")
        net.start_router()

        # no router on the WAN side: told at once what to forward by hand
        lonely = _serve(net.wan, tmp_path / "lonely.yaml", 7611)
        procs.append(lonely)
        told = lonely.line(lambda s: "UPnP" in s, timeout=30)
        assert "no router answered a UPnP search within 2 s" in told and "forward TCP port 7611" in told, told
        lonely.line(lambda s: s.startswith("serving"))
        lonely.stop()

        host = _serve(net.lan, tmp_path / "game.yaml", 7610)
        procs.append(host)
        told = host.line(lambda s: "UPnP" in s, timeout=30)
        found = re.search(r"players outside your network join ([\d.]+):(\d+)", told)
        assert found and found[1] == "11.22.33.1", told
        invite = host.line(lambda s: s.startswith("invite code from outside this network"))
        code = invite.rsplit(": ", 1)[1].strip()
        assert code.startswith(f"tabletop://{found[1]}:{found[2]}?fp="), invite
        assert f"dport {found[2]} dnat ip to 192.168.77.2:7610" in net.mappings()

        client = tmp_path / "client.py"
        client.write_text(CLIENT)
        # a player outside joins with the invite code (the router's address and port, the certificate's pin)
        joined = subprocess.run(["ip", "netns", "exec", net.wan, sys.executable, str(client), code],
                                capture_output=True, text=True, timeout=60, cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert joined.stdout.startswith("welcomed 0"), joined.stderr[-2000:]

        host.p.send_signal(signal.SIGINT)
        gone = host.line(lambda s: "no longer forwards" in s or "did not remove" in s, timeout=30)
        assert f"no longer forwards port {found[2]}" in gone
        host.p.wait(30)
        assert "dnat" not in net.mappings()
        refused = subprocess.run(["ip", "netns", "exec", net.wan, sys.executable, str(client), found[1], found[2]],
                                 capture_output=True, text=True, timeout=60, cwd=ROOT,
                                 env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert "welcomed" not in refused.stdout
    finally:
        for p in procs:
            p.stop()
        net.close()
