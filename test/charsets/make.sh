#!/bin/sh
# Makes the encoded fixtures from their UTF-8 sources with Debian's iconv (glibc 2.36). Run from anywhere:
# sh test/charsets/make.sh
set -eu
cd "$(dirname "$0")"
iconv -f UTF-8 -t BIG5 big5-page.utf8.html > big5-page.html
iconv -f UTF-8 -t BIG5 big5-feed.utf8.xml > big5-feed.xml
iconv -f UTF-8 -t SHIFT_JIS shift_jis-page.utf8.html > shift_jis-page.html
iconv -f UTF-8 -t SHIFT_JIS shift_jis-feed.utf8.xml > shift_jis-feed.xml
iconv -f UTF-8 -t EUC-KR euc-kr-page.utf8.html > euc-kr-page.html
iconv -f UTF-8 -t EUC-KR euc-kr-feed.utf8.xml > euc-kr-feed.xml
iconv -f UTF-8 -t GB18030 gb18030-page.utf8.html > gb18030-page.html
iconv -f UTF-8 -t GB18030 gb18030-feed.utf8.xml > gb18030-feed.xml
iconv -f UTF-8 -t WINDOWS-1252 windows-1252-page.utf8.html > windows-1252-page.html
iconv -f UTF-8 -t WINDOWS-1252 windows-1252-feed.utf8.xml > windows-1252-feed.xml
