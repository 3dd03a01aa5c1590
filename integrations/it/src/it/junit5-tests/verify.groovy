// the racy @RaceTest failed naming both lines and a seed to replay; the locked one passed after a real analysis
def log = new File(basedir, 'build.log').text
['CounterTest.java:12', 'CounterTest.java:14', 'seed ', '@RaceTest(replay = "', 'Tests run: 2, Failures: 1, Errors: 0'].each {
    assert log.contains(it) : "build.log lacks: " + it
}
assert !log.contains('CounterTest.locked racepipe') : 'the locked test failed'
def locked = new File(basedir, 'target/racepipe/junit5/demo.CounterTest.locked')
assert new File(locked, 'report.json').isFile()
assert new File(locked, 'probe').list().length > 0 : 'the locked body never reported running under the agent'
true
