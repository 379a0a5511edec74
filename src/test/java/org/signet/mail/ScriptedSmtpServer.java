package org.signet.mail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A minimal SMTP server for tests of replies GreenMail cannot give: it answers RCPT TO with a
 * chosen reply (such as a 5xx or 4xx), or, when silent, accepts connections and never speaks.
 */
final class ScriptedSmtpServer implements AutoCloseable {

    private final ServerSocket server;
    private final String rcptReply;
    private final List<Socket> clients = new CopyOnWriteArrayList<>();

    private ScriptedSmtpServer(String rcptReply) throws IOException {
        this.server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        this.rcptReply = rcptReply;
        Thread thread = new Thread(this::acceptLoop, "scripted-smtp");
        thread.setDaemon(true);
        thread.start();
    }

    /** A server that answers every RCPT TO with {@code reply}, e.g. "550 5.1.1 No such user". */
    static ScriptedSmtpServer rejectingRecipients(String reply) throws IOException {
        return new ScriptedSmtpServer(reply);
    }

    /** A server that accepts connections and never sends a greeting. */
    static ScriptedSmtpServer silent() throws IOException {
        return new ScriptedSmtpServer(null);
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                clients.add(client);
                if (rcptReply != null) {
                    converse(client);
                }
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void converse(Socket client) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
        Writer out = new OutputStreamWriter(client.getOutputStream(), StandardCharsets.US_ASCII);
        reply(out, "220 scripted ESMTP");
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String command = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line;
            switch (command) {
                case "EHLO", "HELO" -> reply(out, "250 scripted");
                case "RCPT" -> reply(out, rcptReply);
                case "QUIT" -> {
                    reply(out, "221 bye");
                    client.close();
                    return;
                }
                default -> reply(out, "250 OK");
            }
        }
    }

    private static void reply(Writer out, String line) throws IOException {
        out.write(line + "\r\n");
        out.flush();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket client : clients) {
            client.close();
        }
    }
}
