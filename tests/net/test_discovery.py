"""mDNS: the service record a host announces, and (where multicast works here) announce + browse on this machine."""

from __future__ import annotations

from tabletop.net.discovery import SERVICE_TYPE, Announcer, browse, found_from_info, lan_address, service_info


def test_service_info_round_trip() -> None:
    info = service_info("Friday game!", 7531, {"version": "1", "ruleset": "tragedy", "seats": "3"}, ["192.168.1.20"])
    assert info.type == SERVICE_TYPE == "_tabletop._tcp.local."
    assert info.name == "Friday game._tabletop._tcp.local."
    found = found_from_info(info)
    assert (found.name, found.address, found.port) == ("Friday game", "192.168.1.20", 7531)
    assert found.properties == {"version": "1", "ruleset": "tragedy", "seats": "3"}
    assert found.join_address == "192.168.1.20:7531"
    assert lan_address().count(".") == 3


def test_announce_then_browse_finds_the_game() -> None:
    announcer = Announcer("net test game", 40123, {"version": "1"}, ["127.0.0.1"]).start()
    try:
        games = browse(1.5)
    finally:
        announcer.close()
    mine = [g for g in games if g.port == 40123]
    assert mine, f"browse found {games}"
    assert mine[0].properties["version"] == "1"
