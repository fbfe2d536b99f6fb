;; The sentence encoder's kernels (sentence-encoder.ts), in WebAssembly with 128-bit SIMD (f32x4).
;; Assembled by `npx tsx scripts/build-encoder-wasm.ts` into sentence-encoder-kernels.wasm, which
;; is committed; scripts/build-encoder-wasm.test.ts checks that the two agree.
;;
;; Every pointer is a byte offset into the imported memory, where sentence-encoder-kernels.ts lays
;; out the weights (copied once at load) and the scratch rows; matrices are row-major [rows, dim]
;; float32. Dimensions are multiples of 32 (the model's are 256, 512, 768 and 1536; each kernel
;; says what it needs) and every row starts 16-byte aligned. Nothing here allocates or calls out:
;; a message is a few dozen calls.
;;
;; V8 (TurboFan) keeps a loop's loads in registers until their last use, and a value live across a
;; call on the stack: the kernels' inner loops are written so that their sums stay in the 15 SIMD
;; registers it allocates (checked with node --print-wasm-code).

(module
  (import "env" "memory" (memory 1))

  ;; Bytes 0 to 127 of the memory are the kernels' own (tile2x4's sums); the caller's data starts
  ;; after them (Arena in sentence-encoder-kernels.ts).

  ;; The four lane sums of a, b, c and d, side by side: [Σa, Σb, Σc, Σd].
  (func $sums4 (param $a v128) (param $b v128) (param $c v128) (param $d v128) (result v128)
    (local $ab v128) (local $cd v128)
    ;; [a0+a2, a1+a3, b0+b2, b1+b3]
    (local.set $ab (f32x4.add
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $a) (local.get $b))
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $a) (local.get $b))))
    (local.set $cd (f32x4.add
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $c) (local.get $d))
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $c) (local.get $d))))
    (f32x4.add
      (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $ab) (local.get $cd))
      (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $ab) (local.get $cd))))

  ;; The sum of the four lanes of v.
  (func $sum (param $v v128) (result f32)
    (local.set $v (f32x4.add (local.get $v)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $v) (local.get $v))))
    (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v))))

  ;; v + bias, then max(·, 0) when relu is set.
  (func $finish (param $v v128) (param $bias v128) (param $relu i32) (result v128)
    (local.set $v (f32x4.add (local.get $v) (local.get $bias)))
    (if (result v128) (local.get $relu)
      (then (f32x4.max (local.get $v) (f32x4.splat (f32.const 0))))
      (else (local.get $v))))

  ;; out[r] = x[r] · W + bias (then ReLU when relu is set), W [inDim, outDim] held packed (see
  ;; packWeights in sentence-encoder.ts): for each block of 4 outputs, runs of 4 inputs with the 4
  ;; outputs' weights of those inputs side by side (64 bytes), so that a tile reads its weights
  ;; from one pointer at offsets 0, 16, 32 and 48. The rows of x are first copied to `pairs` (room
  ;; for rows · inDim floats) two by two, interleaved 4 floats at a time, so that a tile reads its
  ;; two rows' inputs at offsets 0 and 16. Each output is a dot product summed with f32x4
  ;; accumulators along the input (lane k sums the inputs i ≡ k mod 4; the lanes are added at the
  ;; end). The outer loop runs over blocks of 4 outputs and the inner one over pairs of rows, so a
  ;; block's weights (8 KB at most) come from memory once per call and from L1 for the other rows.
  ;;
  ;; Tiles of 2 rows × 4 outputs: 6 loads and 8 multiply-adds a step, the 8 sums in registers.
  ;; Larger tiles, or a loop unrolled twice, measured slower: V8 (TurboFan) issues all of a step's
  ;; loads before its arithmetic, so 6 loaded inputs, 8 sums and a product already take 15 of the
  ;; 16 SIMD registers, and a sum that does not fit is kept on the stack, written and read back on
  ;; every step. Using one pointer per operand (rather than one per weight row, or an index added
  ;; to each) saves the address arithmetic V8 would emit per load: about 10 % on this machine.
  (func (export "affine")
    (param $x i32) (param $rows i32) (param $inDim i32) (param $w i32) (param $bias i32)
    (param $out i32) (param $outDim i32) (param $relu i32) (param $pairs i32)
    (local $inBytes i32) (local $outBytes i32) (local $o i32) (local $block i32) (local $b i32)
    (local $r i32) (local $xp i32) (local $y i32)
    (local.set $inBytes (i32.shl (local.get $inDim) (i32.const 2)))
    (local.set $outBytes (i32.shl (local.get $outDim) (i32.const 2)))
    (call $interleave (local.get $x) (local.get $rows) (local.get $inBytes) (local.get $pairs))
    (local.set $o (i32.const 0))
    (loop $blocks
      ;; block o / 16 (o is in bytes) starts at (o / 16) · 4 · inBytes = o · inDim
      (local.set $block (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $inDim))))
      (local.set $b (i32.add (local.get $bias) (local.get $o)))
      (local.set $xp (local.get $pairs))
      (local.set $y (i32.add (local.get $out) (local.get $o)))
      (local.set $r (local.get $rows))
      (block $pairsDone
        (loop $pairsLoop
          (br_if $pairsDone (i32.lt_u (local.get $r) (i32.const 2)))
          (call $tile2x4 (local.get $xp) (local.get $block) (local.get $inBytes) (local.get $y)
            (local.get $outBytes) (local.get $b) (local.get $relu))
          (local.set $xp (i32.add (local.get $xp) (i32.shl (local.get $inBytes) (i32.const 1))))
          (local.set $y (i32.add (local.get $y) (i32.shl (local.get $outBytes) (i32.const 1))))
          (local.set $r (i32.sub (local.get $r) (i32.const 2)))
          (br $pairsLoop)))
      ;; an odd last row, read where it is
      (if (local.get $r)
        (then (call $tile1x4
          (i32.add (local.get $x) (i32.mul (i32.sub (local.get $rows) (i32.const 1))
            (local.get $inBytes)))
          (local.get $block) (local.get $inBytes) (local.get $y) (local.get $b)
          (local.get $relu))))
      (local.set $o (i32.add (local.get $o) (i32.const 16)))
      (br_if $blocks (i32.lt_u (local.get $o) (local.get $outBytes)))))

  ;; Rows 2p and 2p + 1 of x (rows of inBytes bytes) interleaved 16 bytes at a time into pairs,
  ;; for every whole pair.
  (func $interleave (param $x i32) (param $rows i32) (param $inBytes i32) (param $pairs i32)
    (local $second i32) (local $end i32)
    (block $done
      (loop $pairsLoop
        (br_if $done (i32.lt_u (local.get $rows) (i32.const 2)))
        (local.set $second (i32.add (local.get $x) (local.get $inBytes)))
        (local.set $end (local.get $second))
        (loop $runs
          (v128.store (local.get $pairs) (v128.load (local.get $x)))
          (v128.store offset=16 (local.get $pairs) (v128.load (local.get $second)))
          (local.set $x (i32.add (local.get $x) (i32.const 16)))
          (local.set $second (i32.add (local.get $second) (i32.const 16)))
          (local.set $pairs (i32.add (local.get $pairs) (i32.const 32)))
          (br_if $runs (i32.lt_u (local.get $x) (local.get $end))))
        (local.set $x (local.get $second))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 2)))
        (br $pairsLoop))))

  ;; An interleaved pair of rows from xp against a block of packed weights from wp, into y0 and
  ;; y0 + outBytes.
  (func $tile2x4
    (param $xp i32) (param $wp i32) (param $inBytes i32) (param $y0 i32) (param $outBytes i32)
    (param $bias i32) (param $relu i32)
    (local $end i32) (local $a v128) (local $c v128) (local $u v128)
    (local $s00 v128) (local $s01 v128) (local $s02 v128) (local $s03 v128)
    (local $s10 v128) (local $s11 v128) (local $s12 v128) (local $s13 v128)
    (local.set $end (i32.add (local.get $xp) (i32.shl (local.get $inBytes) (i32.const 1))))
    (loop $steps
      (local.set $a (v128.load (local.get $xp)))
      (local.set $c (v128.load offset=16 (local.get $xp)))
      (local.set $u (v128.load (local.get $wp)))
      (local.set $s00 (f32x4.add (local.get $s00) (f32x4.mul (local.get $a) (local.get $u))))
      (local.set $s10 (f32x4.add (local.get $s10) (f32x4.mul (local.get $c) (local.get $u))))
      (local.set $u (v128.load offset=16 (local.get $wp)))
      (local.set $s01 (f32x4.add (local.get $s01) (f32x4.mul (local.get $a) (local.get $u))))
      (local.set $s11 (f32x4.add (local.get $s11) (f32x4.mul (local.get $c) (local.get $u))))
      (local.set $u (v128.load offset=32 (local.get $wp)))
      (local.set $s02 (f32x4.add (local.get $s02) (f32x4.mul (local.get $a) (local.get $u))))
      (local.set $s12 (f32x4.add (local.get $s12) (f32x4.mul (local.get $c) (local.get $u))))
      (local.set $u (v128.load offset=48 (local.get $wp)))
      (local.set $s03 (f32x4.add (local.get $s03) (f32x4.mul (local.get $a) (local.get $u))))
      (local.set $s13 (f32x4.add (local.get $s13) (f32x4.mul (local.get $c) (local.get $u))))
      (local.set $xp (i32.add (local.get $xp) (i32.const 32)))
      (local.set $wp (i32.add (local.get $wp) (i32.const 64)))
      (br_if $steps (i32.lt_u (local.get $xp) (local.get $end))))
    ;; The sums go to memory first and are added up from there: added up in registers here, some
    ;; of them would live on the stack instead, written and read back on every step of the loop.
    (v128.store (i32.const 0) (local.get $s00))
    (v128.store offset=16 (i32.const 0) (local.get $s01))
    (v128.store offset=32 (i32.const 0) (local.get $s02))
    (v128.store offset=48 (i32.const 0) (local.get $s03))
    (v128.store offset=64 (i32.const 0) (local.get $s10))
    (v128.store offset=80 (i32.const 0) (local.get $s11))
    (v128.store offset=96 (i32.const 0) (local.get $s12))
    (v128.store offset=112 (i32.const 0) (local.get $s13))
    (v128.store (local.get $y0) (call $finish
      (call $sums4 (v128.load (i32.const 0)) (v128.load offset=16 (i32.const 0))
        (v128.load offset=32 (i32.const 0)) (v128.load offset=48 (i32.const 0)))
      (v128.load (local.get $bias)) (local.get $relu)))
    (v128.store (i32.add (local.get $y0) (local.get $outBytes)) (call $finish
      (call $sums4 (v128.load offset=64 (i32.const 0)) (v128.load offset=80 (i32.const 0))
        (v128.load offset=96 (i32.const 0)) (v128.load offset=112 (i32.const 0)))
      (v128.load (local.get $bias)) (local.get $relu))))

  ;; One row from x0 against a block of packed weights from wp, into y0 (an odd last row, or a
  ;; single row).
  (func $tile1x4
    (param $x0 i32) (param $wp i32) (param $inBytes i32) (param $y0 i32) (param $bias i32)
    (param $relu i32)
    (local $end i32) (local $a v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $end (i32.add (local.get $x0) (local.get $inBytes)))
    (loop $steps
      (local.set $a (v128.load (local.get $x0)))
      (local.set $s0 (f32x4.add (local.get $s0)
        (f32x4.mul (local.get $a) (v128.load (local.get $wp)))))
      (local.set $s1 (f32x4.add (local.get $s1)
        (f32x4.mul (local.get $a) (v128.load offset=16 (local.get $wp)))))
      (local.set $s2 (f32x4.add (local.get $s2)
        (f32x4.mul (local.get $a) (v128.load offset=32 (local.get $wp)))))
      (local.set $s3 (f32x4.add (local.get $s3)
        (f32x4.mul (local.get $a) (v128.load offset=48 (local.get $wp)))))
      (local.set $x0 (i32.add (local.get $x0) (i32.const 16)))
      (local.set $wp (i32.add (local.get $wp) (i32.const 64)))
      (br_if $steps (i32.lt_u (local.get $x0) (local.get $end))))
    (v128.store (local.get $y0) (call $finish
      (call $sums4 (local.get $s0) (local.get $s1) (local.get $s2) (local.get $s3))
      (v128.load (local.get $bias)) (local.get $relu))))

  ;; out[r] = x[r] · W + bias for W stored [inDim, outDim] (not transposed), skipping the zero
  ;; inputs: after a ReLU most are zero (about 92 %), so only their weight rows are read. Each
  ;; output row starts as the bias, and each nonzero input adds value · its weight row (in input
  ;; order, as a plain loop would). The inputs go in blocks of 256, the rows inside a block: a
  ;; block's weight rows (512 KB for 512 outputs) come from memory once and stay in L2 for the
  ;; other rows, and an output row (2 KB) stays in L1. `list` has room for 259 pairs (8 bytes
  ;; each); outDim is a multiple of 8.
  (func (export "sparseAffine")
    (param $x i32) (param $rows i32) (param $inDim i32) (param $w i32) (param $bias i32)
    (param $out i32) (param $outDim i32) (param $list i32)
    (local $inBytes i32) (local $outBytes i32) (local $block i32) (local $blockEnd i32)
    (local $r i32) (local $end i32)
    (local.set $inBytes (i32.shl (local.get $inDim) (i32.const 2)))
    (local.set $outBytes (i32.shl (local.get $outDim) (i32.const 2)))
    (local.set $r (i32.const 0))
    (loop $biases
      (call $copy (i32.add (local.get $out) (i32.mul (local.get $r) (local.get $outBytes)))
        (local.get $bias) (local.get $outBytes))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $biases (i32.lt_u (local.get $r) (local.get $rows))))
    ;; block and blockEnd: byte offsets in an input row
    (local.set $block (i32.const 0))
    (loop $blocks
      (local.set $blockEnd (select (local.get $inBytes) (i32.add (local.get $block) (i32.const 1024))
        (i32.lt_u (local.get $inBytes) (i32.add (local.get $block) (i32.const 1024)))))
      (local.set $r (i32.const 0))
      (loop $rowsLoop
        (local.set $end (call $listNonzero
          (i32.add (i32.add (local.get $x) (i32.mul (local.get $r) (local.get $inBytes)))
            (local.get $block))
          (i32.sub (local.get $blockEnd) (local.get $block))
          ;; the block's first weight row: input block / 4, at (block / 4) · outBytes
          (i32.add (local.get $w) (i32.mul (local.get $block) (local.get $outDim)))
          (local.get $outBytes) (local.get $list)))
        (call $addRows (local.get $list) (local.get $end)
          (i32.add (local.get $out) (i32.mul (local.get $r) (local.get $outBytes)))
          (local.get $outBytes))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br_if $rowsLoop (i32.lt_u (local.get $r) (local.get $rows))))
      (local.set $block (local.get $blockEnd))
      (br_if $blocks (i32.lt_u (local.get $block) (local.get $inBytes)))))

;; Lists the nonzero floats among `bytes` bytes from x as pairs [weight row, value] from `list`,
  ;; the weight rows `stride` bytes apart from w; returns the end of the list. Branch-free: every
  ;; input is written, and the end moves past the nonzero ones. Three pairs of value 0 follow the
  ;; end (for $addRows, which reads the list 4 pairs at a time).
  (func $listNonzero
    (param $x i32) (param $bytes i32) (param $w i32) (param $stride i32) (param $list i32)
    (result i32)
    (local $xEnd i32) (local $v f32) (local $first i32)
    (local.set $xEnd (i32.add (local.get $x) (local.get $bytes)))
    (local.set $first (local.get $w))
    (loop $scan
      (local.set $v (f32.load (local.get $x)))
      (i32.store (local.get $list) (local.get $w))
      (f32.store offset=4 (local.get $list) (local.get $v))
      (local.set $list (i32.add (local.get $list)
        (i32.shl (f32.ne (local.get $v) (f32.const 0)) (i32.const 3))))
      (local.set $w (i32.add (local.get $w) (local.get $stride)))
      (local.set $x (i32.add (local.get $x) (i32.const 4)))
      (br_if $scan (i32.lt_u (local.get $x) (local.get $xEnd))))
    (i64.store (local.get $list) (i64.extend_i32_u (local.get $first)))
    (i64.store offset=8 (local.get $list) (i64.extend_i32_u (local.get $first)))
    (i64.store offset=16 (local.get $list) (i64.extend_i32_u (local.get $first)))
    (local.get $list))

  ;; y[0..bytes) += value · row for each pair [row, value] of the list from p to end, 4 pairs at a
  ;; time (the pairs of value 0 after the end add nothing), 8 floats a step: each output is loaded
  ;; and stored once for 4 rows, and gets their terms in list order, as one at a time would.
  (func $addRows (param $p i32) (param $end i32) (param $y i32) (param $bytes i32)
    (local $yEnd i32) (local $o i32) (local $q0 i32) (local $q1 i32) (local $q2 i32) (local $q3 i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $yEnd (i32.add (local.get $y) (local.get $bytes)))
    (block $listed
      (loop $fours
        (br_if $listed (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $q0 (i32.load (local.get $p)))
        (local.set $q1 (i32.load offset=8 (local.get $p)))
        (local.set $q2 (i32.load offset=16 (local.get $p)))
        (local.set $q3 (i32.load offset=24 (local.get $p)))
        (local.set $s0 (v128.load32_splat offset=4 (local.get $p)))
        (local.set $s1 (v128.load32_splat offset=12 (local.get $p)))
        (local.set $s2 (v128.load32_splat offset=20 (local.get $p)))
        (local.set $s3 (v128.load32_splat offset=28 (local.get $p)))
        (local.set $o (local.get $y))
        (loop $outputs
          (v128.store (local.get $o) (f32x4.add (f32x4.add (f32x4.add (f32x4.add
            (v128.load (local.get $o))
            (f32x4.mul (local.get $s0) (v128.load (local.get $q0))))
            (f32x4.mul (local.get $s1) (v128.load (local.get $q1))))
            (f32x4.mul (local.get $s2) (v128.load (local.get $q2))))
            (f32x4.mul (local.get $s3) (v128.load (local.get $q3)))))
          (v128.store offset=16 (local.get $o) (f32x4.add (f32x4.add (f32x4.add (f32x4.add
            (v128.load offset=16 (local.get $o))
            (f32x4.mul (local.get $s0) (v128.load offset=16 (local.get $q0))))
            (f32x4.mul (local.get $s1) (v128.load offset=16 (local.get $q1))))
            (f32x4.mul (local.get $s2) (v128.load offset=16 (local.get $q2))))
            (f32x4.mul (local.get $s3) (v128.load offset=16 (local.get $q3)))))
          (local.set $q0 (i32.add (local.get $q0) (i32.const 32)))
          (local.set $q1 (i32.add (local.get $q1) (i32.const 32)))
          (local.set $q2 (i32.add (local.get $q2) (i32.const 32)))
          (local.set $q3 (i32.add (local.get $q3) (i32.const 32)))
          (local.set $o (i32.add (local.get $o) (i32.const 32)))
          (br_if $outputs (i32.lt_u (local.get $o) (local.get $yEnd))))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $fours))))

  ;; y[0..bytes) = x[0..bytes), 16 bytes a step.
  (func $copy (param $y i32) (param $x i32) (param $bytes i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $y) (local.get $bytes)))
    (loop $copying
      (v128.store (local.get $y) (v128.load (local.get $x)))
      (local.set $x (i32.add (local.get $x) (i32.const 16)))
      (local.set $y (i32.add (local.get $y) (i32.const 16)))
      (br_if $copying (i32.lt_u (local.get $y) (local.get $end)))))

  ;; out[r] = (x[r] - mean) / sqrt(variance + 1e-6) · scale + bias, over each row of dim floats.
  (func (export "layerNorm")
    (param $x i32) (param $rows i32) (param $dim i32) (param $scale i32) (param $bias i32)
    (param $out i32)
    (local $bytes i32) (local $i i32) (local $acc v128) (local $d v128) (local $mean v128)
    (local $inverse v128)
    (local.set $bytes (i32.shl (local.get $dim) (i32.const 2)))
    (block $done
      (loop $rowsLoop
        (br_if $done (i32.eqz (local.get $rows)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (loop $sum
          (local.set $acc (f32x4.add (local.get $acc)
            (v128.load (i32.add (local.get $x) (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $sum (i32.lt_u (local.get $i) (local.get $bytes))))
        (local.set $mean (f32x4.splat (f32.div (call $sum (local.get $acc))
          (f32.convert_i32_u (local.get $dim)))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (loop $squares
          (local.set $d (f32x4.sub (v128.load (i32.add (local.get $x) (local.get $i)))
            (local.get $mean)))
          (local.set $acc (f32x4.add (local.get $acc) (f32x4.mul (local.get $d) (local.get $d))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $squares (i32.lt_u (local.get $i) (local.get $bytes))))
        (local.set $inverse (f32x4.splat (f32.demote_f64 (f64.div (f64.const 1) (f64.sqrt (f64.add
          (f64.div (f64.promote_f32 (call $sum (local.get $acc)))
            (f64.convert_i32_u (local.get $dim)))
          (f64.const 1e-6)))))))
        (local.set $i (i32.const 0))
        (loop $scaled
          (v128.store (i32.add (local.get $out) (local.get $i)) (f32x4.add
            (f32x4.mul
              (f32x4.mul (f32x4.sub (v128.load (i32.add (local.get $x) (local.get $i)))
                (local.get $mean)) (local.get $inverse))
              (v128.load (i32.add (local.get $scale) (local.get $i))))
            (v128.load (i32.add (local.get $bias) (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $scaled (i32.lt_u (local.get $i) (local.get $bytes))))
        (local.set $x (i32.add (local.get $x) (local.get $bytes)))
        (local.set $out (i32.add (local.get $out) (local.get $bytes)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $rowsLoop))))

  ;; e^x in double precision for x ≤ 0 (a softmax's shifted scores): x = k·ln 2 + r with
  ;; |r| ≤ ln 2 / 2, e^r by its Taylor series to r^13 (error below 1e-16), times 2^k built from its
  ;; bits. Below -708 (2^k would leave the normal range) it is 0: far under the float32 resolution
  ;; of a weight summed with the largest one, which is 1.
  (func $exp (param $x f64) (result f64)
    (local $k f64) (local $r f64) (local $p f64)
    (if (f64.lt (local.get $x) (f64.const -708)) (then (return (f64.const 0))))
    (local.set $k (f64.nearest (f64.mul (local.get $x) (f64.const 1.4426950408889634))))
    ;; ln 2 split in a high part exact in 32 bits and the rest, so k·ln2_hi is exact
    (local.set $r (f64.sub
      (f64.sub (local.get $x) (f64.mul (local.get $k) (f64.const 6.93147180369123816490e-01)))
      (f64.mul (local.get $k) (f64.const 1.90821492927058770002e-10))))
    (local.set $p (f64.const 1.6059043836821613e-10)) ;; 1/13!
    (local.set $p (f64.add (f64.const 2.08767569878681e-09) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 2.505210838544172e-08) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 2.755731922398589e-07) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 2.7557319223985893e-06) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 2.48015873015873e-05) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 1.984126984126984e-04) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 1.388888888888889e-03) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 8.333333333333333e-03) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 4.1666666666666664e-02) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 0.16666666666666666) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 0.5) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 1) (f64.mul (local.get $p) (local.get $r))))
    (local.set $p (f64.add (f64.const 1) (f64.mul (local.get $p) (local.get $r))))
    (f64.mul (local.get $p) (f64.reinterpret_i64 (i64.shl
      (i64.add (i64.trunc_f64_s (local.get $k)) (i64.const 1023)) (i64.const 52)))))

  ;; Multi-head self-attention over `rows` tokens, every token attending to every token (a single
  ;; message has no padding). qkv holds each row's [query | key | value], dim floats each, split in
  ;; `heads` heads of width dim / heads (a multiple of 32); scores are query · key · queryScale.
  ;; Writes the heads' outputs side by side into out [rows, dim]. `scores` is scratch for rows
  ;; doubles and then rows floats (12 bytes a row). The softmax is taken in double precision; each
  ;; output sums its 32 floats at a time in 8 f32x4 registers over the value rows.
  (func (export "selfAttention")
    (param $qkv i32) (param $rows i32) (param $dim i32) (param $heads i32) (param $queryScale f32)
    (param $scores i32) (param $out i32)
    (local $headBytes i32) (local $stride i32) (local $dimBytes i32) (local $weights i32)
    (local $h i32) (local $t i32) (local $s i32) (local $q i32) (local $k i32) (local $i i32)
    (local $acc v128) (local $score f64) (local $top f64) (local $total f64) (local $o i32)
    (local.set $dimBytes (i32.shl (local.get $dim) (i32.const 2)))
    (local.set $headBytes (i32.div_u (local.get $dimBytes) (local.get $heads)))
    (local.set $stride (i32.mul (local.get $dimBytes) (i32.const 3)))
    (local.set $weights (i32.add (local.get $scores) (i32.shl (local.get $rows) (i32.const 3))))
    (local.set $h (i32.const 0))
    (loop $headsLoop
      (local.set $t (i32.const 0))
      (loop $queries
        (local.set $q (i32.add (i32.add (local.get $qkv) (i32.mul (local.get $t) (local.get $stride)))
          (local.get $h)))
        ;; scores against every key, and the largest
        (local.set $top (f64.const -inf))
        (local.set $s (i32.const 0))
        (loop $keys
          (local.set $k (i32.add (i32.add (i32.add (local.get $qkv)
            (i32.mul (local.get $s) (local.get $stride))) (local.get $dimBytes)) (local.get $h)))
          (local.set $acc (v128.const i32x4 0 0 0 0))
          (local.set $i (i32.const 0))
          (loop $dot
            (local.set $acc (f32x4.add (local.get $acc) (f32x4.mul
              (v128.load (i32.add (local.get $q) (local.get $i)))
              (v128.load (i32.add (local.get $k) (local.get $i))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br_if $dot (i32.lt_u (local.get $i) (local.get $headBytes))))
          (local.set $score (f64.mul (f64.promote_f32 (call $sum (local.get $acc)))
            (f64.promote_f32 (local.get $queryScale))))
          (f64.store (i32.add (local.get $scores) (i32.shl (local.get $s) (i32.const 3)))
            (local.get $score))
          (local.set $top (f64.max (local.get $top) (local.get $score)))
          (local.set $s (i32.add (local.get $s) (i32.const 1)))
          (br_if $keys (i32.lt_u (local.get $s) (local.get $rows))))
        ;; the softmax: e^(score - top), then each divided by their total, as floats
        (local.set $total (f64.const 0))
        (local.set $s (i32.const 0))
        (loop $exps
          (local.set $k (i32.add (local.get $scores) (i32.shl (local.get $s) (i32.const 3))))
          (local.set $score (call $exp (f64.sub (f64.load (local.get $k)) (local.get $top))))
          (f64.store (local.get $k) (local.get $score))
          (local.set $total (f64.add (local.get $total) (local.get $score)))
          (local.set $s (i32.add (local.get $s) (i32.const 1)))
          (br_if $exps (i32.lt_u (local.get $s) (local.get $rows))))
        (local.set $s (i32.const 0))
        (loop $divide
          (f32.store (i32.add (local.get $weights) (i32.shl (local.get $s) (i32.const 2)))
            (f32.demote_f64 (f64.div
              (f64.load (i32.add (local.get $scores) (i32.shl (local.get $s) (i32.const 3))))
              (local.get $total))))
          (local.set $s (i32.add (local.get $s) (i32.const 1)))
          (br_if $divide (i32.lt_u (local.get $s) (local.get $rows))))
        ;; the weighted sum of the value rows, 32 floats at a time
        (local.set $o (i32.add (i32.add (local.get $out) (i32.mul (local.get $t) (local.get $dimBytes)))
          (local.get $h)))
        (local.set $i (i32.const 0))
        (loop $runs
          (call $weightedValues (local.get $weights) (local.get $rows)
            (i32.add (i32.add (i32.add (local.get $qkv) (i32.shl (local.get $dimBytes) (i32.const 1)))
              (local.get $h)) (local.get $i))
            (local.get $stride) (i32.add (local.get $o) (local.get $i)))
          (local.set $i (i32.add (local.get $i) (i32.const 128)))
          (br_if $runs (i32.lt_u (local.get $i) (local.get $headBytes))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br_if $queries (i32.lt_u (local.get $t) (local.get $rows))))
      (local.set $h (i32.add (local.get $h) (local.get $headBytes)))
      (br_if $headsLoop (i32.lt_u (local.get $h) (local.get $dimBytes)))))

  ;; out[0..32) = Σ_s weights[s] · v[s][0..32), for value rows `stride` bytes apart from v.
  (func $weightedValues
    (param $weights i32) (param $rows i32) (param $v i32) (param $stride i32) (param $out i32)
    (local $end i32) (local $p v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $s4 v128) (local $s5 v128) (local $s6 v128) (local $s7 v128)
    (local.set $end (i32.add (local.get $weights) (i32.shl (local.get $rows) (i32.const 2))))
    (loop $values
      (local.set $p (v128.load32_splat (local.get $weights)))
      (local.set $s0 (f32x4.add (local.get $s0)
        (f32x4.mul (local.get $p) (v128.load (local.get $v)))))
      (local.set $s1 (f32x4.add (local.get $s1)
        (f32x4.mul (local.get $p) (v128.load offset=16 (local.get $v)))))
      (local.set $s2 (f32x4.add (local.get $s2)
        (f32x4.mul (local.get $p) (v128.load offset=32 (local.get $v)))))
      (local.set $s3 (f32x4.add (local.get $s3)
        (f32x4.mul (local.get $p) (v128.load offset=48 (local.get $v)))))
      (local.set $s4 (f32x4.add (local.get $s4)
        (f32x4.mul (local.get $p) (v128.load offset=64 (local.get $v)))))
      (local.set $s5 (f32x4.add (local.get $s5)
        (f32x4.mul (local.get $p) (v128.load offset=80 (local.get $v)))))
      (local.set $s6 (f32x4.add (local.get $s6)
        (f32x4.mul (local.get $p) (v128.load offset=96 (local.get $v)))))
      (local.set $s7 (f32x4.add (local.get $s7)
        (f32x4.mul (local.get $p) (v128.load offset=112 (local.get $v)))))
      (local.set $v (i32.add (local.get $v) (local.get $stride)))
      (local.set $weights (i32.add (local.get $weights) (i32.const 4)))
      (br_if $values (i32.lt_u (local.get $weights) (local.get $end))))
    (v128.store (local.get $out) (local.get $s0))
    (v128.store offset=16 (local.get $out) (local.get $s1))
    (v128.store offset=32 (local.get $out) (local.get $s2))
    (v128.store offset=48 (local.get $out) (local.get $s3))
    (v128.store offset=64 (local.get $out) (local.get $s4))
    (v128.store offset=80 (local.get $out) (local.get $s5))
    (v128.store offset=96 (local.get $out) (local.get $s6))
    (v128.store offset=112 (local.get $out) (local.get $s7)))

  ;; x[0..n) += y[0..n), n floats.
  (func (export "addInto") (param $x i32) (param $y i32) (param $n i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $n) (i32.const 2))))
    (loop $add
      (v128.store (local.get $x)
        (f32x4.add (v128.load (local.get $x)) (v128.load (local.get $y))))
      (local.set $x (i32.add (local.get $x) (i32.const 16)))
      (local.set $y (i32.add (local.get $y) (i32.const 16)))
      (br_if $add (i32.lt_u (local.get $x) (local.get $end)))))

  ;; out[0..dim) = the mean of the rows of x [rows, dim].
  (func (export "meanRows") (param $x i32) (param $rows i32) (param $dim i32) (param $out i32)
    (local $bytes i32) (local $i i32) (local $p i32) (local $end i32) (local $acc v128)
    (local.set $bytes (i32.shl (local.get $dim) (i32.const 2)))
    (local.set $end (i32.add (local.get $x) (i32.mul (local.get $rows) (local.get $bytes))))
    (local.set $i (i32.const 0))
    (loop $columns
      (local.set $acc (v128.const i32x4 0 0 0 0))
      (local.set $p (i32.add (local.get $x) (local.get $i)))
      (loop $down
        (local.set $acc (f32x4.add (local.get $acc) (v128.load (local.get $p))))
        (local.set $p (i32.add (local.get $p) (local.get $bytes)))
        (br_if $down (i32.lt_u (local.get $p) (local.get $end))))
      (v128.store (i32.add (local.get $out) (local.get $i))
        (f32x4.div (local.get $acc) (f32x4.splat (f32.convert_i32_u (local.get $rows)))))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br_if $columns (i32.lt_u (local.get $i) (local.get $bytes)))))

  ;; The first layer's input: out[t] = 2 · table[ids[t]] + timing[t], for n ids (i32) of rows of
  ;; dim floats.
  (func (export "embedTokens")
    (param $ids i32) (param $n i32) (param $table i32) (param $timing i32) (param $dim i32)
    (param $out i32)
    (local $bytes i32) (local $e i32) (local $i i32)
    (local.set $bytes (i32.shl (local.get $dim) (i32.const 2)))
    (block $done
      (loop $tokens
        (br_if $done (i32.eqz (local.get $n)))
        (local.set $e (i32.add (local.get $table)
          (i32.mul (i32.load (local.get $ids)) (local.get $bytes))))
        (local.set $i (i32.const 0))
        (loop $copy
          (v128.store (i32.add (local.get $out) (local.get $i)) (f32x4.add
            (f32x4.mul (v128.load (i32.add (local.get $e) (local.get $i)))
              (f32x4.splat (f32.const 2)))
            (v128.load (i32.add (local.get $timing) (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $copy (i32.lt_u (local.get $i) (local.get $bytes))))
        (local.set $ids (i32.add (local.get $ids) (i32.const 4)))
        (local.set $timing (i32.add (local.get $timing) (local.get $bytes)))
        (local.set $out (i32.add (local.get $out) (local.get $bytes)))
        (local.set $n (i32.sub (local.get $n) (i32.const 1)))
        (br $tokens)))))
