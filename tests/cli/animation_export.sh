# spare-studio --export-animation: every bad flag value exits 2 with one message naming the flag, the
# value and the allowed range, before any simulation, and writes nothing; --to past the end of the run
# exits 2 naming the run's end; a good request writes the file whole and reports progress on stderr.
. "$(dirname "$0")/cli-test-lib.sh"
require_studio

scen="$SCEN/teaching-12.json"
out="$WORK/a.mp4"
anim=("$SPARE_STUDIO" --scenario "$scen")

expect extension 2 "--export-animation '$WORK/a.avi': allowed a file name ending in .mp4, .gif or .png \(a strip of the frames\)" \
  "${anim[@]}" --export-animation "$WORK/a.avi" --from 0 --to 60
expect from-missing 2 "--export-animation needs --from SEC" "${anim[@]}" --export-animation "$out" --to 60
expect to-missing 2 "--export-animation needs --to SEC" "${anim[@]}" --export-animation "$out" --from 0
expect from-negative 2 "--from '-5': allowed simulated seconds >= 0" "${anim[@]}" --export-animation "$out" --from -5 --to 60
expect from-text 2 "--from 'soon': allowed simulated seconds >= 0" "${anim[@]}" --export-animation "$out" --from soon --to 60
expect to-not-after-from 2 "--to '30': allowed simulated seconds above --from \(60\)" \
  "${anim[@]}" --export-animation "$out" --from 60 --to 30
expect to-equal-from 2 "--to '60': allowed simulated seconds above --from \(60\)" \
  "${anim[@]}" --export-animation "$out" --from 60 --to 60
expect size-small 2 "--size '100x100': allowed WxH with W 160 .. 3840 and H 120 .. 2160, both even" \
  "${anim[@]}" --export-animation "$out" --from 0 --to 60 --size 100x100
expect size-odd 2 "--size '641x360': allowed WxH with W 160 .. 3840 and H 120 .. 2160, both even" \
  "${anim[@]}" --export-animation "$out" --from 0 --to 60 --size 641x360
expect size-text 2 "--size 'big': allowed WxH" "${anim[@]}" --export-animation "$out" --from 0 --to 60 --size big
expect fps-zero 2 "--fps '0': allowed an integer 1 .. 60" "${anim[@]}" --export-animation "$out" --from 0 --to 60 --fps 0
expect fps-high 2 "--fps '120': allowed an integer 1 .. 60" "${anim[@]}" --export-animation "$out" --from 0 --to 60 --fps 120
expect speed-low 2 "--speed '0.1': allowed 1 .. 1000000 \(simulated seconds per second of video\)" \
  "${anim[@]}" --export-animation "$out" --from 0 --to 60 --speed 0.1
expect too-many-frames 2 "make more than 36000 frames: allowed 1 .. 36000 \(frames = fps x \(to - from\) / speed\)" \
  "${anim[@]}" --export-animation "$out" --from 0 --to 1e9 --speed 1
expect no-frame 2 "make 0 frames: allowed 1 .. 36000" "${anim[@]}" --export-animation "$out" --from 0 --to 10 --speed 1000
expect flag-alone 2 "--fps goes with --export-animation FILE" "${anim[@]}" --fps 30 --quit
expect missing-dir 2 "--export-animation '$WORK/no/such/dir/a.mp4'" \
  "${anim[@]}" --export-animation "$WORK/no/such/dir/a.mp4" --from 0 --to 60
expect past-the-end 2 "--to '1e\+08': the run ends at .* s simulated" \
  "${anim[@]}" --export-animation "$out" --from 0 --to 1e8 --speed 1000000
check nothing-written test ! -e "$out"

expect gif-written 0 "spare-studio: animation: 20/20 frames" \
  "${anim[@]}" --export-animation "$WORK/a.gif" --from 2000 --to 2200 --speed 100 --fps 10 --size 320x240
check gif-file test -s "$WORK/a.gif"
expect mp4-written 0 "wrote $out: 20 frames, 320x240 at 10 fps, H.264 \\(libx264\\)" \
  "${anim[@]}" --export-animation "$out" --from 2000 --to 2200 --speed 100 --fps 10 --size 320x240
check mp4-file test -s "$out"
expect strip-too-many 2 "make 100 frames: allowed 1 .. 24" \
  "${anim[@]}" --export-animation "$WORK/strip.png" --from 2000 --to 2200 --speed 20 --fps 10
expect strip-written 0 "wrote $WORK/strip.png: 6 frames, 320x240 at 10 fps, PNG frame strip" \
  "${anim[@]}" --export-animation "$WORK/strip.png" --from 2039 --to 2039.6 --speed 1 --fps 10 --size 320x240
check strip-file test -s "$WORK/strip.png"
check no-temporary-files test -z "$(find "$WORK" -name '*.mp4.*' -o -name '*.gif.*' -o -name '*.png.*')"
finish
