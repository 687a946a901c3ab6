"""The box's own Wi-Fi: NetworkManager through `nmcli` (`nmcli.py`), the decision when to
open an access point and when to give the network back (`hotspot.py`), the Wi-Fi's name and
password kept in the data directory (`credentials.py`)."""
