#!/usr/bin/env bash
# Regenerate every demo image, video and the site artwork.
# Needs: python3 with numpy, pillow, scipy; ffmpeg (libvpx-vp9); fonts-ebgaramond (optional).
set -euo pipefail
cd "$(dirname "$0")"
python3 products.py      # demo/media/products/*.webp
python3 scenes.py        # demo/media/{services,blog}/*.webp + frontend/src/assets/*
python3 videos.py        # demo/media/products/*.webm
