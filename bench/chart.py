"""The chart bench/run draws from its medians (docs/bench.svg): build time and peak memory against
the number of sayings, Modak and Hugo, log-log, as plain SVG."""
import math
import os


def draw_chart(results, machine_text, runs, path):
    """Two panels, build time and peak memory against the number of sayings (log-log), as plain SVG at `path`."""
    sizes = sorted(results)
    series = [("Modak", "#c2410c", [results[s][0] for s in sizes])]
    if all(results[s][1] for s in sizes):
        series.append(("Hugo 0.111", "#2563eb", [results[s][1] for s in sizes]))
    panels = [("build time (s)", lambda m: m.wall, lambda v: f"{v:.2f}" if v < 10 else f"{v:.1f}"),
              ("peak memory (MiB)", lambda m: m.peak, lambda v: f"{v:,.0f}")]
    width, height, margin = 360, 260, 52
    parts = []
    for index, (title, value, label) in enumerate(panels):
        left = 20 + index * (width + 40)
        values = [value(m) for _, _, ms in series for m in ms]
        parts.append(panel(left, 40, width, height, margin, title, sizes, values, label,
                           [(n, c, [value(m) for m in ms]) for n, c, ms in series]))
    legend = "".join(
        f'<rect x="{24 + i * 120}" y="12" width="14" height="4" fill="{color}"/>'
        f'<text x="{44 + i * 120}" y="18">{name}</text>' for i, (name, color, _) in enumerate(series))
    total_width = 20 + 2 * (width + 40)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{height + 80}" '
           f'viewBox="0 0 {total_width} {height + 80}" font-family="sans-serif" font-size="11" fill="#222">'
           f'<rect width="100%" height="100%" fill="#fff"/>{legend}{"".join(parts)}'
           f'<text x="20" y="{height + 72}" fill="#555">{escape(machine_text)}; medians of {runs} runs, each into a new folder, caches dropped before each</text></svg>\n')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(svg)


def panel(left, top, width, height, margin, title, sizes, values, label, series):
    plot_left, plot_right = left + margin, left + width - 40  # room for the last point's label
    plot_top, plot_bottom = top + 20, top + height - 30
    low, high = math.log10(min(values) / 1.5), math.log10(max(values) * 1.5)
    x_low, x_high = math.log10(sizes[0]), math.log10(sizes[-1])

    def x(size):
        return plot_left + (math.log10(size) - x_low) / max(x_high - x_low, 1e-9) * (plot_right - plot_left)

    def y(value):
        return plot_bottom - (math.log10(value) - low) / (high - low) * (plot_bottom - plot_top)

    out = [f'<text x="{left + margin}" y="{top + 10}" font-weight="bold">{title}</text>',
           f'<line x1="{plot_left}" y1="{plot_bottom}" x2="{plot_right}" y2="{plot_bottom}" stroke="#999"/>',
           f'<line x1="{plot_left}" y1="{plot_top}" x2="{plot_left}" y2="{plot_bottom}" stroke="#999"/>']
    for size in sizes:
        out.append(f'<text x="{x(size):.1f}" y="{plot_bottom + 14}" text-anchor="middle">{size:,}</text>')
    out.append(f'<text x="{(plot_left + plot_right) / 2:.1f}" y="{plot_bottom + 28}" text-anchor="middle" fill="#555">sayings</text>')
    tick = 10 ** math.floor(low)
    while tick <= 10 ** high:
        for step in (1, 2, 5):
            value = tick * step
            if 10 ** low <= value <= 10 ** high:
                out.append(f'<line x1="{plot_left}" y1="{y(value):.1f}" x2="{plot_right}" y2="{y(value):.1f}" stroke="#eee"/>'
                           f'<text x="{plot_left - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
        tick *= 10
    for index, (name, color, points) in enumerate(series):
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(s):.1f},{y(v):.1f}" for i, (s, v) in enumerate(zip(sizes, points)))
        out.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        # Modak's values below its points, Hugo's above, so that close values do not overlap.
        offset = 15 if index == 0 else -7
        for s, v in zip(sizes, points):
            out.append(f'<circle cx="{x(s):.1f}" cy="{y(v):.1f}" r="3" fill="{color}"/>'
                       f'<text x="{x(s) + 5:.1f}" y="{y(v) + offset:.1f}" fill="{color}" stroke="#fff" stroke-width="3" '
                       f'paint-order="stroke">{label(v)}</text>')
    return "".join(out)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
