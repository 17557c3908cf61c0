package io.eventops.edge.kiosk;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Reads the heartbeat of every kiosk request ({@link KioskContacts}).
 */
@Configuration(proxyBeanMethods = false)
class KioskContactsConfiguration implements WebMvcConfigurer {

	private final KioskContacts contacts;

	KioskContactsConfiguration(KioskContacts contacts) {
		this.contacts = contacts;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(this.contacts).addPathPatterns("/v1/kiosks/**");
	}

}
