package io.eventops.agent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;
import tools.jackson.databind.JsonNode;

/**
 * An HTTPS proxy between the agent and the real edge, serving the edge's own certificate:
 * it forwards each request to the edge and can drop the answer after the edge committed
 * (a lost response), refuse some flushes itself (a proxy's body limit, a request the edge
 * would refuse), or stop listening altogether (the edge unreachable). It records the seqs
 * of every flush it forwarded, in order.
 */
public final class TlsProxy implements AutoCloseable {

	private final EdgeFixture edge;

	private final SSLContext serverContext;

	private final HttpClient upstream;

	private final int port;

	private final AtomicBoolean dropNextResponse = new AtomicBoolean();

	private final AtomicInteger droppedResponses = new AtomicInteger();

	private final List<Long> forwardedSeqs = new CopyOnWriteArrayList<>();

	private final Set<Socket> connections = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket listener;

	private volatile Refusal refusal;

	TlsProxy(EdgeFixture edge) throws Exception {
		this.edge = edge;
		this.serverContext = serverContext(edge.caFile(), edge.privateKeyFile());
		this.upstream = HttpClient.newBuilder()
			.sslContext(TlsTrust.context(edge.caFile()))
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		ServerSocket socket = this.serverContext.getServerSocketFactory().createServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
		this.port = socket.getLocalPort();
		listen(socket);
	}

	public URI url() {
		return URI.create("https://localhost:" + this.port);
	}

	/**
	 * From now on the proxy itself answers flushes whose body matches, with a problem of
	 * the given status, and forwards nothing of them.
	 * @param status the HTTP status
	 * @param body which flush bodies
	 */
	public void refuseFlushes(int status, Predicate<byte[]> body) {
		this.refusal = new Refusal(status, body);
	}

	/** Forwards every flush again. */
	public void forwardAllFlushes() {
		this.refusal = null;
	}

	/** The next answer of the edge is thrown away after the edge committed. */
	void dropNextResponse() {
		this.dropNextResponse.set(true);
	}

	int droppedResponses() {
		return this.droppedResponses.get();
	}

	List<Long> forwardedSeqs() {
		return List.copyOf(this.forwardedSeqs);
	}

	/** Stops listening and cuts open connections: connections are refused. */
	synchronized void down() throws IOException {
		this.listener.close();
		for (Socket connection : this.connections) {
			connection.close();
		}
	}

	/** Listens again on the same port. */
	synchronized void up() throws IOException {
		ServerSocket socket = this.serverContext.getServerSocketFactory().createServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port));
		listen(socket);
	}

	private void listen(ServerSocket socket) {
		this.listener = socket;
		Thread.ofPlatform().daemon().name("tls-proxy-accept").start(() -> {
			while (!socket.isClosed()) {
				try {
					Socket client = socket.accept();
					this.connections.add(client);
					Thread.ofPlatform().daemon().name("tls-proxy-connection").start(() -> serve(client));
				}
				catch (IOException ex) {
					return;
				}
			}
		});
	}

	private void serve(Socket client) {
		try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
			while (true) {
				Request request = Request.read(in);
				if (request == null) {
					return;
				}
				Refusal refused = this.refusal;
				if (refused != null && request.path.endsWith("/flush") && refused.body().test(request.body)) {
					write(out, refused.status(), "application/problem+json",
							("{\"type\":\"about:blank\",\"status\":" + refused.status()
									+ ",\"detail\":\"refused by the proxy\"}")
								.getBytes(StandardCharsets.UTF_8));
					continue;
				}
				HttpResponse<byte[]> response = forward(request);
				if (this.dropNextResponse.compareAndSet(true, false)) {
					// the edge has answered, so it committed: the agent never hears of it
					this.droppedResponses.incrementAndGet();
					return;
				}
				write(out, response);
			}
		}
		catch (IOException | InterruptedException ex) {
			// the agent hung up or the proxy went down
		}
		finally {
			this.connections.remove(client);
		}
	}

	private HttpResponse<byte[]> forward(Request request) throws IOException, InterruptedException {
		if (request.path.endsWith("/flush")) {
			JsonNode body = WireFormat.tree(request.body);
			for (JsonNode entry : body.path("entries").values()) {
				this.forwardedSeqs.add(entry.path("seq").asLong());
			}
		}
		HttpRequest.Builder builder = HttpRequest.newBuilder(this.edge.edgeUrl().resolve(request.path))
			.timeout(Duration.ofSeconds(30))
			.method(request.method, (request.body.length > 0) ? HttpRequest.BodyPublishers.ofByteArray(request.body)
					: HttpRequest.BodyPublishers.noBody());
		for (String header : List.of("authorization", "content-type", "accept")) {
			String value = request.headers.get(header);
			if (value != null) {
				builder.header(header, value);
			}
		}
		return this.upstream.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	private static void write(OutputStream out, int status, String contentType, byte[] body) throws IOException {
		String head = "HTTP/1.1 " + status + " Refused\r\ncontent-type: " + contentType + "\r\ncontent-length: "
				+ body.length + "\r\n\r\n";
		out.write(head.getBytes(StandardCharsets.ISO_8859_1));
		out.write(body);
		out.flush();
	}

	private static void write(OutputStream out, HttpResponse<byte[]> response) throws IOException {
		StringBuilder head = new StringBuilder("HTTP/1.1 " + response.statusCode() + " Proxied\r\n");
		for (String header : List.of("content-type", "retry-after")) {
			response.headers()
				.firstValue(header)
				.ifPresent((v) -> head.append(header).append(": ").append(v).append("\r\n"));
		}
		head.append("content-length: ").append(response.body().length).append("\r\n\r\n");
		out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
		out.write(response.body());
		out.flush();
	}

	private record Refusal(int status, Predicate<byte[]> body) {
	}

	@Override
	public void close() throws IOException {
		down();
		this.upstream.close();
	}

	private static SSLContext serverContext(Path certificateFile, Path keyFile) throws Exception {
		Certificate certificate;
		try (InputStream in = Files.newInputStream(certificateFile)) {
			certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
		}
		String pem = Files.readString(keyFile).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
		PrivateKey key = KeyFactory.getInstance("EC")
			.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
		KeyStore store = KeyStore.getInstance("PKCS12");
		store.load(null, null);
		char[] password = "proxy".toCharArray();
		store.setKeyEntry("edge", key, password, new Certificate[] { certificate });
		KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
		keys.init(store, password);
		SSLContext context = SSLContext.getInstance("TLS");
		context.init(keys.getKeyManagers(), null, null);
		return context;
	}

	/**
	 * One HTTP/1.1 request with a {@code Content-Length} body, as the agent sends them.
	 */
	private record Request(String method, String path, Map<String, String> headers, byte[] body) {

		static Request read(InputStream in) throws IOException {
			ByteArrayOutputStream head = new ByteArrayOutputStream();
			int matched = 0;
			while (matched < 4) {
				int b = in.read();
				if (b < 0) {
					return null;
				}
				head.write(b);
				matched = (b == ((matched % 2 == 0) ? '\r' : '\n')) ? matched + 1 : ((b == '\r') ? 1 : 0);
			}
			String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
			String[] requestLine = lines[0].split(" ");
			Map<String, String> headers = new TreeMap<>();
			for (int i = 1; i < lines.length; i++) {
				int colon = lines[i].indexOf(':');
				if (colon > 0) {
					headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
							lines[i].substring(colon + 1).trim());
				}
			}
			int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
			byte[] body = in.readNBytes(length);
			return new Request(requestLine[0], requestLine[1], headers, body);
		}

	}

}
