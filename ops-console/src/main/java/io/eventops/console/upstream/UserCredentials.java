package io.eventops.console.upstream;

import java.io.IOException;

import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Puts the logged-in user's own account on a call to a service, as HTTP Basic: the
 * service then decides what the user may do (an OPS user's ADMIN call is refused there
 * too), and its audit names the user. A call without a logged-in user goes without
 * credentials, and the service answers 401.
 */
final class UserCredentials implements ClientHttpRequestInterceptor {

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication instanceof UsernamePasswordAuthenticationToken login
				&& login.getCredentials() instanceof String password) {
			request.getHeaders().setBasicAuth(login.getName(), password);
		}
		return execution.execute(request, body);
	}

}
