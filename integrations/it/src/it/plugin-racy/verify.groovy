// racepipe:analyze failed the build on the racy Main and left its reports, with the race at both lines
def out = new File(basedir, 'target/racepipe')
['report.json', 'report.sarif', 'report.html'].each { assert new File(out, it).isFile() : "no target/racepipe/" + it }
def report = new groovy.json.JsonSlurper().parse(new File(out, 'report.json'))
assert report.pairs.any { p ->
    (p.verdict == 'real' || p.verdict == 'harmful') && p.sites.collect { it.file + ':' + it.line }.toSet() == ['Main.java:7', 'Main.java:9'] as Set
}
assert new File(basedir, 'build.log').text.contains('data races confirmed')
true
