#!/bin/sh
# The e2e suite's Chromium: Debian's /usr/bin/chromium, with the omnibox's WebUI popups switched off. Chromium (156) in
# headless mode starts a renderer for them (chrome://omnibox-popup.top-chrome) with every browser context, that is
# with every test: about 0.5 s of CPU each on a two-core machine (decision 0042). Chromium reads only the last
# --disable-features, and Playwright passes its own list there, so the features are added to that list rather than
# passed as a switch of their own, which would switch Playwright's back on.
off=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup
seen=
for arg in "$@"; do
  shift
  case "$arg" in
    --disable-features=*) arg="$arg,$off" seen=1 ;;
  esac
  set -- "$@" "$arg"
done
[ -n "$seen" ] || set -- "$@" "--disable-features=$off"
exec /usr/bin/chromium "$@"
