"""Per-instruction warp-stall samples from ncu source CSVs (`ncu --import X.ncu-rep --page source --csv --print-source sass > X_src.csv`): the share of samples before, in and after the K loop (found by its backward branch) and the 25 instructions with most samples. Usage: python3 stalls.py tilec triton tma (in the folder holding the *_src.csv files of prof.tgz)."""
import csv, sys
def load(fn):
    rows = list(csv.reader(open(fn)))
    hdr = rows[1]; data = rows[2:]
    return hdr, data
for name in sys.argv[1:]:
    hdr, data = load(name + "_src.csv")
    i_s = hdr.index("Warp Stall Sampling (All Samples)")
    tot = sum(int(r[i_s]) for r in data if r[i_s].isdigit())
    # region split: find loop by backward branch
    print("==", name, "total samples", tot, "instrs", len(data))
    # cumulative by region: split at HGMMA loop bounds
    addrs = [int(r[0],16) for r in data]
    base = addrs[0]
    loop_start = loop_end = None
    for r in data:
        s = r[1]
        if "BRA" in s and "@P" in s or ("BRA" in s and "@!P" not in s and "EXIT" not in s):
            tgt = s.split("BRA")[1].strip().strip(";").strip()
            try:
                t = int(tgt, 16)
            except: continue
            if t < int(r[0],16):
                loop_start, loop_end = t, int(r[0],16)
    print("loop", hex(loop_start), hex(loop_end))
    pre = sum(int(r[i_s]) for r in data if int(r[0],16) < loop_start)
    lp = sum(int(r[i_s]) for r in data if loop_start <= int(r[0],16) <= loop_end)
    post = tot - pre - lp
    print("prologue %d (%.1f%%) loop %d (%.1f%%) epilogue %d (%.1f%%)" % (pre, 100*pre/tot, lp, 100*lp/tot, post, 100*post/tot))
    print("loop instrs", sum(1 for r in data if loop_start <= int(r[0],16) <= loop_end))
    top = sorted(data, key=lambda r: -int(r[i_s]))[:25]
    cols = [c for c in hdr if c.startswith("stall_") and "Not" not in c]
    for r in top:
        st = {c: int(r[hdr.index(c)]) for c in cols if r[hdr.index(c)].isdigit() and int(r[hdr.index(c)]) > 0}
        st = sorted(st.items(), key=lambda kv: -kv[1])[:3]
        print("%6s %s %-60s %s" % (r[i_s], hex(int(r[0],16)-base), r[1].strip()[:60], st))
