"""Triton kernels for bench/gpu/best_vs_best.py, written here in the form of
Triton's tutorials (grouped and persistent matmul, FlashAttention-2 style
forward attention), each yielded once per configuration of a small tuning
space so that the benchmark times and picks among them as it does for the
cubins. The tutorials themselves are not in the Triton wheel."""
import torch
import triton
import triton.language as tl

# (BLOCK_M, BLOCK_N, BLOCK_K, stages, warps): the tutorial's Hopper choices.
MATMUL_CONFIGS = [(128, 256, 64, 3, 8), (256, 128, 64, 3, 8), (128, 128, 64, 4, 4),
                  (128, 128, 64, 4, 8), (128, 256, 32, 4, 8), (64, 256, 32, 4, 4)]
PERSISTENT_CONFIGS = [(128, 256, 64, 3, 8), (128, 128, 64, 4, 8)]
ATTENTION_CONFIGS = [(128, 64, 3, 8), (128, 128, 3, 8), (64, 64, 4, 4)]
GROUP_M = 8


@triton.jit
def _tile_offsets(tile, m, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  GROUP: tl.constexpr):
    tiles_m = tl.cdiv(m, BLOCK_M)
    tiles_n = tl.cdiv(n, BLOCK_N)
    group = tile // (GROUP * tiles_n)
    first_m = group * GROUP
    group_size = tl.minimum(tiles_m - first_m, GROUP)
    tile_m = first_m + (tile % (GROUP * tiles_n)) % group_size
    tile_n = (tile % (GROUP * tiles_n)) // group_size
    return tile_m, tile_n


@triton.jit
def _matmul_tile(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn, tile_m, tile_n,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kk in range(0, tl.cdiv(k, BLOCK_K)):
        left = k - kk * BLOCK_K
        x = tl.load(a_ptrs, mask=rk[None, :] < left, other=0.0)
        y = tl.load(b_ptrs, mask=rk[:, None] < left, other=0.0)
        acc = tl.dot(x, y, acc)
        a_ptrs += BLOCK_K * sak
        b_ptrs += BLOCK_K * sbk
    c_ptrs = c + rm[:, None] * scm + rn[None, :] * scn
    tl.store(c_ptrs, acc.to(c.dtype.element_ty),
             mask=(rm[:, None] < m) & (rn[None, :] < n))


@triton.jit
def _matmul(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn,
            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
            GROUP: tl.constexpr):
    tile_m, tile_n = _tile_offsets(tl.program_id(0), m, n, BLOCK_M, BLOCK_N, GROUP)
    _matmul_tile(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn, tile_m, tile_n,
                 BLOCK_M, BLOCK_N, BLOCK_K)


@triton.jit
def _persistent_matmul(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn, programs,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr, GROUP: tl.constexpr):
    tiles = tl.cdiv(m, BLOCK_M) * tl.cdiv(n, BLOCK_N)
    for tile in range(tl.program_id(0), tiles, programs):
        tile_m, tile_n = _tile_offsets(tile, m, n, BLOCK_M, BLOCK_N, GROUP)
        _matmul_tile(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn, tile_m, tile_n,
                     BLOCK_M, BLOCK_N, BLOCK_K)


def matmul_variants(a, b, c):
    """(config, fn) per configuration: c = a @ b."""
    m, k = a.shape
    n = b.shape[1]
    strides = (*a.stride(), *b.stride(), *c.stride())
    for bm, bn, bk, stages, warps in MATMUL_CONFIGS:
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)

        def fn(bm=bm, bn=bn, bk=bk, stages=stages, warps=warps, grid=grid):
            _matmul[grid](a, b, c, m, n, k, *strides, BLOCK_M=bm, BLOCK_N=bn,
                          BLOCK_K=bk, GROUP=GROUP_M, num_stages=stages,
                          num_warps=warps)
        yield "grouped %dx%dx%d s%d w%d" % (bm, bn, bk, stages, warps), fn
    programs = torch.cuda.get_device_properties(a.device).multi_processor_count
    for bm, bn, bk, stages, warps in PERSISTENT_CONFIGS:
        def fn(bm=bm, bn=bn, bk=bk, stages=stages, warps=warps):
            _persistent_matmul[(programs,)](a, b, c, m, n, k, *strides, programs,
                                            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                                            GROUP=GROUP_M, num_stages=stages,
                                            num_warps=warps)
        yield "persistent %dx%dx%d s%d w%d" % (bm, bn, bk, stages, warps), fn


@triton.jit
def _attention(q, k, v, out, scale, heads, kv_heads, q_len, kv_len,
               sqb, sqh, sqm, skb, skh, skn, svb, svh, svn, sob, soh, som,
               DEPTH: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    batch_head = tl.program_id(1)
    batch = batch_head // heads
    head = batch_head % heads
    kv_head = head // (heads // kv_heads)
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols0 = tl.arange(0, BLOCK_N)
    depth = tl.arange(0, DEPTH)
    qs = tl.load(q + batch * sqb + head * sqh + rows[:, None] * sqm + depth[None, :],
                 mask=rows[:, None] < q_len, other=0.0)
    row_max = tl.full([BLOCK_M], float("-inf"), tl.float32)
    row_sum = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, DEPTH], tl.float32)
    log2_scale = scale * 1.4426950408889634
    end = kv_len
    if CAUSAL:
        end = tl.minimum((start_m + 1) * BLOCK_M, kv_len)
    k_base = k + batch * skb + kv_head * skh
    v_base = v + batch * svb + kv_head * svh
    for start_n in range(0, end, BLOCK_N):
        cols = start_n + cols0
        kt = tl.load(k_base + cols[None, :] * skn + depth[:, None],
                     mask=cols[None, :] < kv_len, other=0.0)
        s = tl.dot(qs, kt) * log2_scale
        keep = cols[None, :] < kv_len
        if CAUSAL:
            keep = keep & (rows[:, None] >= cols[None, :])
        s = tl.where(keep, s, float("-inf"))
        new_max = tl.maximum(row_max, tl.max(s, 1))
        p = tl.math.exp2(s - new_max[:, None])
        alpha = tl.math.exp2(row_max - new_max)
        row_sum = row_sum * alpha + tl.sum(p, 1)
        vs = tl.load(v_base + cols[:, None] * svn + depth[None, :],
                     mask=cols[:, None] < kv_len, other=0.0)
        acc = tl.dot(p.to(tl.float16), vs, acc * alpha[:, None])
        row_max = new_max
    acc = acc / row_sum[:, None]
    tl.store(out + batch * sob + head * soh + rows[:, None] * som + depth[None, :],
             acc.to(tl.float16), mask=rows[:, None] < q_len)


def attention_variants(q, k, v, out, causal, scale):
    """(config, fn) per configuration: out = softmax(q k^T scale) v, with
    k and v shared by groups of q's heads (GQA)."""
    batch, heads, q_len, depth = q.shape
    kv_heads, kv_len = k.shape[1], k.shape[2]
    strides = (q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1),
               k.stride(2), v.stride(0), v.stride(1), v.stride(2), out.stride(0),
               out.stride(1), out.stride(2))
    for bm, bn, stages, warps in ATTENTION_CONFIGS:
        grid = (triton.cdiv(q_len, bm), batch * heads)

        def fn(bm=bm, bn=bn, stages=stages, warps=warps, grid=grid):
            _attention[grid](q, k, v, out, scale, heads, kv_heads, q_len, kv_len,
                             *strides, DEPTH=depth, BLOCK_M=bm, BLOCK_N=bn,
                             CAUSAL=causal, num_stages=stages, num_warps=warps)
        yield "fa2-style %dx%d s%d w%d" % (bm, bn, stages, warps), fn
