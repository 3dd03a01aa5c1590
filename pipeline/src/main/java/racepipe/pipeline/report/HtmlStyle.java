package racepipe.pipeline.report;

/** The report page's inline stylesheet and its one small script (copying a replay command). */
final class HtmlStyle {
    private HtmlStyle() {
    }

    static final String CSS = """
            :root{--fg:#1d2330;--muted:#6b7280;--line:#e3e6ec;--bg:#f5f6f8;--card:#fff;
              --harmful:#c62828;--real:#d97706;--unconfirmed:#6b7280;--unreached:#9ca3af;--untried:#7c6fb0;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
            *{box-sizing:border-box}
            body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
            main{max-width:1180px;margin:0 auto;padding:24px 28px 48px}
            h1{font-size:22px;margin:0 0 2px}h2{font-size:16px;margin:0 0 12px;color:#374151}
            code,pre{font-family:var(--mono);font-size:12.5px}
            .muted{color:var(--muted)}.small{font-size:12px}
            .top{display:flex;justify-content:space-between;align-items:flex-end;gap:16px;margin-bottom:18px}
            .prog{color:var(--muted);font-size:13px}.prog code{color:var(--fg)}
            .card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin-bottom:18px}
            .tiles{display:flex;gap:12px;margin-bottom:18px}
            .tile{flex:1;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 16px;border-top:4px solid var(--muted)}
            .tile .n{font-size:28px;font-weight:700;line-height:1.1}.tile .t{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.05em}
            .tile.t-harmful{border-top-color:var(--harmful)}.tile.t-harmful .n{color:var(--harmful)}
            .tile.t-real{border-top-color:var(--real)}.tile.t-real .n{color:var(--real)}
            .tile.t-unconfirmed{border-top-color:var(--unconfirmed)}
            .tile.t-unreached{border-top-color:var(--unreached)}.tile.t-untried{border-top-color:var(--untried)}
            .stopped{border-left:6px solid var(--untried)}.list.v-untried{border-left:6px solid var(--untried)}
            .tile.t-phases{flex:1.6;border-top-color:#3b6fd4}
            .phases{width:100%;border-collapse:collapse;font-size:12.5px}.phases td{padding:1px 0}
            .phases .pbar{width:55%}.phases .pbar span{display:block;height:8px;border-radius:4px;background:#9db4e8}
            .phases .num{text-align:right;padding-left:8px;white-space:nowrap}
            .overview{display:grid;grid-template-columns:470px 1fr;gap:24px;align-items:start}
            .venn text{font-family:system-ui,"DejaVu Sans",sans-serif}
            .venn .n{font-size:22px;font-weight:700;fill:#1d2330}.venn .n.zero{fill:#c3c8d1;font-weight:400;font-size:16px}
            .venn .sub{font-size:11px;fill:#6b7280}.venn .setname{font-size:15px;font-weight:700}
            table.sets{border-collapse:collapse;width:100%}
            table.sets th{text-align:left;font-weight:600;padding:5px 10px 5px 0;width:110px;white-space:nowrap}
            table.sets td.num{width:40px;text-align:right;padding-right:10px;font-variant-numeric:tabular-nums}
            .barcell{width:100%}.bar{display:block;height:12px;border-radius:6px;background:#a7b1c2;min-width:2px}
            .set-static{background:#3b6fd4}.set-hybrid{background:#e8871e}.set-hb{background:#2f9e5a}
            .set-ls,.set-eraser{background:#b07cc6}.set-candidates{background:#4b5563}.set-induced{background:var(--harmful)}.set-real{background:#111827}
            ul.checks{list-style:none;padding:0;margin:14px 0 0;display:flex;flex-wrap:wrap;gap:6px}
            ul.checks li{border-radius:12px;padding:2px 10px;font-size:12.5px}
            ul.checks .ok{background:#e6f4ea;color:#1e6b35}ul.checks .bad{background:#fde8e8;color:#9b1c1c}
            .legend{font-size:12.5px;color:var(--muted);margin-top:10px}
            .failure{border-left:6px solid var(--harmful);font-weight:600}.notes{font-size:13px}
            .flag{font-size:12px;border-radius:10px;padding:0 8px;background:#eef1f6;color:#374151}.why{font-size:12.5px;color:var(--muted);margin-bottom:8px}
            footer dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}footer dt{font-weight:700}footer dd{margin:0}
            h2.var{font-size:14px;margin:18px 0 8px}.lib{margin:0 0 6px;overflow-wrap:anywhere}
            .pair{background:var(--card);border:1px solid var(--line);border-left:6px solid var(--unconfirmed);border-radius:10px;padding:16px 20px;margin-bottom:16px}
            .pair.v-harmful{border-left-color:var(--harmful)}.pair.v-real{border-left-color:var(--real)}
            .pair header{display:flex;align-items:baseline;gap:10px;flex-wrap:wrap;margin-bottom:10px}
            .pair h3{margin:0;font-size:17px;font-family:var(--mono)}
            .fqn{color:var(--muted);font-family:var(--mono);font-size:12px}
            .badge{color:#fff;border-radius:4px;padding:2px 8px;font-size:11.5px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;background:var(--unconfirmed)}
            .b-harmful{background:var(--harmful)}.b-real{background:var(--real)}
            .label{font-weight:700;color:#374151}.truth{margin-left:auto;font-size:12px;color:var(--muted);border:1px solid var(--line);border-radius:10px;padding:0 8px}
            .stats{display:flex;gap:22px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
            .meter{width:220px}.meter-label{font-size:13px}.track{height:8px;background:#eceef2;border-radius:4px;overflow:hidden;margin-top:3px}
            .track span{display:block;height:100%;background:var(--real)}.m-crash .track span{background:var(--harmful)}
            .chip{display:inline-block;border:1px solid var(--line);background:#f8f9fb;border-radius:12px;padding:1px 9px;margin:2px 4px 2px 0;font-size:12px}
            .o-exception,.o-crashed{background:#fdecec;border-color:#f5c2c2}.o-timeout,.o-deadlock{background:#fff4e0;border-color:#f4d8a8}
            .predictors{margin-bottom:10px}.predictors .muted{margin-right:6px;font-size:12px}
            .p-static{border-color:#3b6fd4;color:#2a56ad}.p-hybrid{border-color:#e8871e;color:#a85d0c}.p-hb{border-color:#2f9e5a;color:#1f7040}
            .accesses{display:grid;grid-template-columns:1fr 1fr;gap:14px}
            .access{border:1px solid var(--line);border-radius:8px;padding:10px 12px;background:#fbfbfc;min-width:0}
            .where{font-size:14px}.loc{font-weight:700;font-size:13.5px}
            .kind{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;border-radius:3px;padding:0 6px;background:#e5e7eb;color:#374151}
            .k-write{background:#fde2e2;color:#9b1c1c}.k-read{background:#e0ecff;color:#1e3a8a}
            .method{margin:2px 0 6px}
            ol.stack{margin:0;padding:0 0 0 22px;font-family:var(--mono);font-size:12px;color:#111827;overflow-wrap:anywhere}
            ol.stack li.plat{color:#9aa1ad}
            .exception{margin-top:12px;border:1px solid #f5c2c2;background:#fff7f7;border-radius:8px;padding:10px 12px}
            .exc-head b{color:var(--harmful);font-family:var(--mono)}.exc-msg{font-family:var(--mono);font-size:12.5px;margin:4px 0 6px;overflow-wrap:anywhere}
            .replay{margin-top:12px}.replay-head{font-size:12px;color:var(--muted);display:flex;justify-content:space-between;align-items:center;margin-bottom:3px}
            pre.cmd{margin:0;background:#1d2330;color:#e7ebf3;border-radius:8px;padding:10px 12px;white-space:pre-wrap;overflow-wrap:anywhere;user-select:all}
            button.copy{font:inherit;font-size:11.5px;border:1px solid var(--line);background:#fff;border-radius:5px;padding:1px 9px;cursor:pointer}
            details{margin-top:10px}details summary{cursor:pointer;color:var(--muted);font-size:12.5px}
            table.kv,table.trials{border-collapse:collapse;margin-top:6px;font-size:12px;width:100%}
            table.kv th,table.trials th{text-align:left;color:var(--muted);font-weight:600;padding:3px 10px 3px 0;vertical-align:top;white-space:nowrap}
            table.kv td,table.trials td{padding:3px 10px 3px 0;border-top:1px solid var(--line);overflow-wrap:anywhere}
            .empty{color:var(--muted);padding:20px;text-align:center}
            footer{color:var(--muted);font-size:12px;margin-top:24px}
            @media (max-width:900px){.overview,.accesses{grid-template-columns:1fr}.tiles{flex-wrap:wrap}}
            @media print{details{display:none}body{background:#fff}}
            """;

    static final String SCRIPT = """
            function copyCmd(btn){var t=btn.parentNode.nextElementSibling.innerText;
            if(navigator.clipboard){navigator.clipboard.writeText(t).then(function(){btn.textContent='copied';});}}
            """;
}
